"""Auth and persisted queries: modes the control API turns on, checked before execution.

- Auth (`{"command": "auth", ...}`): a request must carry `Authorization: Bearer <token>`
  with a token the server issued and that has not expired; otherwise it is refused, as
  HTTP 401 (`style: "status401"`) or as a 200 GraphQL response whose error has
  `extensions.code == "UNAUTHENTICATED"` (`style: "unauthenticated"`). `POST /auth/refresh`
  with `{"refreshToken": ...}` issues a new token, which replaces every earlier one.
- Automatic persisted queries (`mode: "automatic"`): a request with only
  `extensions.persistedQuery.sha256Hash` runs the text registered under that hash, or is
  answered `PersistedQueryNotFound`; one with the text and the hash registers the text
  (the hash must be the text's SHA-256).
- Persisted only (`mode: "persistedOnly"`): only operations of the loaded manifest run,
  named by id; a request with text of its own is refused. The manifest is Apollo's
  persisted query manifest or Relay's `{id: text}` map.
"""

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field, replace

from faults import Reply

JSON = "application/json; charset=utf-8"
APOLLO_MANIFEST_FORMAT = "apollo-persisted-query-manifest"


class ModeError(ValueError):
    """A mode command that cannot be applied; the message says why."""


@dataclass
class Auth:
    style: str
    refresh_token: str
    lifetime_seconds: float | None
    refresh_fails: bool = False
    refresh_delay_ms: float = 0
    # token -> the time it expires (None: never)
    tokens: dict = field(default_factory=dict)
    issued: int = 0


@dataclass
class NetworkModes:
    auth: Auth | None = None
    persisted: str | None = None  # "automatic" or "persistedOnly"
    registered: dict = field(default_factory=dict)  # hash -> text (APQ)
    manifest: dict = field(default_factory=dict)  # id -> text (persisted only)
    refreshes: int = 0
    persisted_misses: int = 0

    def counters(self):
        return {
            "refreshes": self.refreshes,
            "persistedMisses": self.persisted_misses,
            "registered": sorted(self.registered),
            "validTokens": sorted(self.auth.tokens) if self.auth else [],
        }


def load_manifest(path):
    """{id: text} from an Apollo persisted query manifest or a Relay map."""
    try:
        with open(path, encoding="utf-8") as file:
            manifest = json.load(file)
    except (OSError, ValueError) as error:
        raise ModeError(f"cannot read the manifest {path}: {error}") from None
    if not isinstance(manifest, dict):
        raise ModeError("a manifest is a JSON object")
    if manifest.get("format") == APOLLO_MANIFEST_FORMAT:
        if manifest.get("version") != 1 or not isinstance(manifest.get("operations"), list):
            raise ModeError("an Apollo manifest has version 1 and a list of operations")
        operations = {}
        for operation in manifest["operations"]:
            if not isinstance(operation, dict) or not all(
                isinstance(operation.get(key), str) for key in ("id", "name", "type", "body")
            ):
                raise ModeError("each Apollo manifest operation has string id, name, type and body")
            operations[operation["id"]] = operation["body"]
        return operations
    if all(isinstance(key, str) and isinstance(value, str) for key, value in manifest.items()):
        return dict(manifest)
    raise ModeError("the manifest is neither Apollo's format nor Relay's {id: text} map")


def apply_auth(modes, command):
    if command.get("enabled", True) is False:
        modes.auth = None
        return
    style = command.get("style", "status401")
    if style not in ("status401", "unauthenticated"):
        raise ModeError("style must be 'status401' or 'unauthenticated'")
    token = command.get("token", "token-0")
    refresh_token = command.get("refreshToken", "refresh-0")
    lifetime = command.get("lifetimeSeconds")
    delay = command.get("refreshDelayMs", 0)
    if not isinstance(token, str) or not isinstance(refresh_token, str):
        raise ModeError("token and refreshToken must be strings")
    if lifetime is not None and (not isinstance(lifetime, (int, float)) or isinstance(lifetime, bool) or lifetime <= 0):
        raise ModeError("lifetimeSeconds must be a positive number or absent (never expires)")
    if not isinstance(delay, (int, float)) or isinstance(delay, bool) or delay < 0:
        raise ModeError("refreshDelayMs must be a non-negative number")
    auth = Auth(style, refresh_token, lifetime, bool(command.get("refreshFails", False)), delay)
    auth.tokens[token] = None if lifetime is None else time.monotonic() + lifetime
    modes.auth = auth


def expire_tokens(modes, _command):
    if modes.auth is None:
        raise ModeError("'expireTokens' needs auth on")
    modes.auth.tokens.clear()


def apply_persisted(modes, command):
    mode = command.get("mode")
    if mode not in ("automatic", "persistedOnly", "off"):
        raise ModeError("mode must be 'automatic', 'persistedOnly' or 'off'")
    manifest = {}
    if mode == "persistedOnly":
        if isinstance(command.get("manifest"), str):
            manifest = load_manifest(command["manifest"])
        elif isinstance(command.get("operations"), dict):
            manifest = dict(command["operations"])
        else:
            raise ModeError("persistedOnly needs 'manifest' (a file path) or 'operations' ({id: text})")
    modes.persisted = None if mode == "off" else mode
    modes.manifest = manifest
    modes.registered = {}


def _bearer(headers):
    value = headers.get("Authorization") or ""
    return value[len("Bearer "):] if value.startswith("Bearer ") else None


def _valid(auth, token):
    if token not in auth.tokens:
        return False
    expires = auth.tokens[token]
    return expires is None or time.monotonic() < expires


def _refused(auth):
    message = "The token is missing, unknown or expired."
    if auth.style == "status401":
        return Reply(401, "text/plain; charset=utf-8", message.encode(), {"WWW-Authenticate": 'Bearer error="invalid_token"'})
    payload = {"errors": [{"message": message, "extensions": {"code": "UNAUTHENTICATED"}}]}
    return Reply.json(200, "application/json", payload)


def _graphql_error(status, message, code):
    return Reply.json(status, "application/json", {"errors": [{"message": message, "extensions": {"code": code}}]})


def screen(modes, headers, request):
    """(request, None) to execute, maybe with its text filled in from its id; (None, Reply) to refuse."""
    if modes.auth is not None and not _valid(modes.auth, _bearer(headers)):
        return None, _refused(modes.auth)
    persisted = (request.extensions or {}).get("persistedQuery")
    digest = persisted.get("sha256Hash") if isinstance(persisted, dict) else None
    if modes.persisted == "persistedOnly":
        if request.query:
            return None, _graphql_error(400, "Only persisted operations run here; send the id alone.", "PERSISTED_QUERY_ONLY")
        if digest not in modes.manifest:
            modes.persisted_misses += 1
            return None, _graphql_error(200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
        return replace(request, query=modes.manifest[digest]), None
    if digest is None:
        return request, None
    if modes.persisted != "automatic":
        return None, _graphql_error(200, "PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED")
    if request.query:
        if hashlib.sha256(request.query.encode("utf-8")).hexdigest() != digest:
            return None, _graphql_error(400, "provided sha does not match query", "INVALID_SHA256")
        modes.registered[digest] = request.query
        return request, None
    if digest not in modes.registered:
        modes.persisted_misses += 1
        return None, _graphql_error(200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
    return replace(request, query=modes.registered[digest]), None


def refresh(state, body):
    """`POST /auth/refresh`: a new token for the refresh token, replacing every earlier one."""
    try:
        params = json.loads(body or b"null")
    except ValueError:
        params = None
    with state.lock:
        auth = state.network.auth
        state.network.refreshes += 1
        delay = auth.refresh_delay_ms if auth else 0
    # Outside the lock: the requests the refresh races must get through meanwhile.
    threading.Event().wait(delay / 1000)
    with state.lock:
        auth = state.network.auth
        if auth is None or auth.refresh_fails or not isinstance(params, dict) or params.get("refreshToken") != auth.refresh_token:
            return Reply.json(401, "application/json", {"error": "The refresh token is not valid."})
        auth.issued += 1
        token = f"token-{auth.issued}"
        auth.tokens = {token: None if auth.lifetime_seconds is None else time.monotonic() + auth.lifetime_seconds}
        return Reply.json(200, "application/json", {"token": token})
