"""The control API: commands a test sends to `POST /control` to change what the server does.

Each command is a JSON object with a `command` name; README.md lists them with
examples. `apply` checks a command completely before changing anything, so a
bad command leaves the state as it was and says what is wrong.
"""

import json
from dataclasses import dataclass

from graphql import GraphQLObjectType

import connections
import defer_spec_2022
from dataset import DatasetError, split_key
import network_modes
from faults import (
    DROP_POINTS, MALFORMED_KINDS, REDIRECT_STATUSES, CacheHints, Drop, Malformed, Redirect, Respond, error_page,
)
from state import FieldErrorRule, Queued


class ControlError(ValueError):
    """A command that cannot be applied; the message says why."""


@dataclass(frozen=True)
class Target:
    """`Character:1.origin` (one record's field) or `Character.species` (a type's field)."""

    typename: str
    record_key: str | None
    field: str


def parse_target(schema, text):
    if not isinstance(text, str) or "." not in text:
        raise ControlError(f"target must look like 'Character:1.name' or 'Character.name', not {text!r}")
    owner, _, field_name = text.rpartition(".")
    record_key = owner if ":" in owner else None
    typename = split_key(owner)[0] if record_key else owner
    graphql_type = schema.type_map.get(typename)
    if not isinstance(graphql_type, GraphQLObjectType) or field_name not in graphql_type.fields:
        raise ControlError(f"the schema has no field {typename}.{field_name}")
    return Target(typename, record_key, field_name)


def _count(command):
    count = command.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
        raise ControlError(f"count must be a positive integer or absent (every request), not {count!r}")
    return count


def _require(command, name, kind, description):
    value = command.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ControlError(f"'{command.get('command')}' needs '{name}': {description}")
    return value


def _field_error(state, schema, command):
    message = _require(command, "message", str, "the error message")
    extensions = command.get("extensions")
    if extensions is not None and not isinstance(extensions, dict):
        raise ControlError("extensions must be an object")
    rule = FieldErrorRule(message, extensions, _count(command))
    if "path" in command:
        path = command["path"]
        if not isinstance(path, list) or not path or not all(isinstance(p, (str, int)) for p in path):
            raise ControlError("path must be a non-empty list of response keys and list indices")
        rule.path = path
    else:
        target = parse_target(schema, command.get("target"))
        if target.record_key is not None and state.dataset.record(target.record_key) is None:
            raise ControlError(f"no record {target.record_key}")
        rule.typename, rule.record_key, rule.field = target.typename, target.record_key, target.field
    state.field_errors.append(rule)


def _set(state, schema, command):
    target = parse_target(schema, command.get("target"))
    if target.record_key is None or "value" not in command:
        raise ControlError("'set' needs a record target like 'Character:1.name' and a 'value'")
    state.dataset.set_field(target.record_key, target.field, command["value"])


def _add_record(state, _schema, command):
    key = _require(command, "key", str, "the new record's key, like 'Location:99'")
    fields = command.get("fields", {})
    if not isinstance(fields, dict):
        raise ControlError("fields must be an object")
    state.dataset.add_record(key, fields)


def _retarget_on_fetch(state, schema, command):
    target = parse_target(schema, command.get("target"))
    if target.record_key is None or target.typename != "Character" or target.field not in ("origin", "location"):
        raise ControlError("retargetOnFetch takes 'Character:<id>.origin' or 'Character:<id>.location'")
    if state.dataset.record(target.record_key) is None:
        raise ControlError(f"no record {target.record_key}")
    if command.get("enabled", True) is False:
        state.retarget_on_fetch.pop((target.record_key, target.field), None)
        return
    cycle = command.get("cycle", [])
    if not isinstance(cycle, list) or any(
        state.dataset.record(k) is None or split_key(k)[0] != "Location" for k in cycle
    ):
        raise ControlError("cycle must be a list of existing Location keys")
    state.retarget_on_fetch[(target.record_key, target.field)] = list(cycle)


def _delay(state, _schema, command):
    milliseconds = command.get("ms")
    if not isinstance(milliseconds, (int, float)) or isinstance(milliseconds, bool) or milliseconds < 0:
        raise ControlError("'delay' needs 'ms': a non-negative number of milliseconds")
    state.delays.append(Queued(milliseconds, _count(command)))


def _respond(state, _schema, command):
    status = _require(command, "status", int, "an HTTP status code")
    if not 100 <= status <= 599:
        raise ControlError(f"status must be 100...599, not {status}")
    headers = command.get("headers", {})
    if not isinstance(headers, dict) or not all(isinstance(v, str) for v in headers.values()):
        raise ControlError("headers must be an object of strings")
    if "json" in command:
        body, content_type = json.dumps(command["json"]).encode("utf-8"), command.get("contentType")
    else:
        body = command.get("body", error_page(status))
        if not isinstance(body, str):
            raise ControlError("body must be a string (use 'json' for a JSON body)")
        body, content_type = body.encode("utf-8"), command.get("contentType", "text/html; charset=utf-8")
    fault = Respond(status, body, content_type, headers)
    state.faults.append(Queued(fault, _count(command)))


def _cache_hints(state, _schema, command):
    max_age = command.get("maxAge")
    if max_age is not None and (not isinstance(max_age, int) or isinstance(max_age, bool) or max_age < 0):
        raise ControlError("maxAge must be a non-negative integer of seconds")
    hints = command.get("hints", [])
    if not isinstance(hints, list) or not all(
        isinstance(h, dict) and isinstance(h.get("path"), list) and isinstance(h.get("maxAge"), int) for h in hints
    ):
        raise ControlError("hints must be a list of {path: [...], maxAge: seconds}")
    fault = CacheHints(max_age, tuple((tuple(h["path"]), h["maxAge"]) for h in hints))
    state.faults.append(Queued(fault, _count(command)))


def _malformed(state, _schema, command):
    kind = command.get("kind")
    if kind not in MALFORMED_KINDS:
        raise ControlError(f"kind must be one of {', '.join(MALFORMED_KINDS)}, not {kind!r}")
    megabytes = command.get("megabytes", 1)
    if not isinstance(megabytes, (int, float)) or isinstance(megabytes, bool) or not 0 < megabytes <= 1024:
        raise ControlError("megabytes must be a number in (0, 1024]")
    state.faults.append(Queued(Malformed(kind, megabytes), _count(command)))


def _redirect(state, _schema, command):
    location = _require(command, "to", str, "the URL or path to redirect to")
    if not location:
        raise ControlError("'redirect' needs a non-empty 'to'")
    status = command.get("status", 307)
    if status not in REDIRECT_STATUSES or isinstance(status, bool):
        raise ControlError(f"status must be one of {', '.join(map(str, REDIRECT_STATUSES))}, not {status!r}")
    state.faults.append(Queued(Redirect(status, location), _count(command)))


def _drop(state, _schema, command):
    when = command.get("when", "beforeResponse")
    if when not in DROP_POINTS:
        raise ControlError(f"when must be one of {', '.join(DROP_POINTS)}, not {when!r}")
    state.faults.append(Queued(Drop(when), _count(command)))


def _page_fault(state, schema, command):
    connections.page_fault_command(state, schema, command, ControlError, _count(command))

def _publish(state, _schema, command):
    key = _require(command, "key", str, "the changed record's key, like 'Character:1'")
    if state.dataset.record(key) is None:
        raise ControlError(f"no record {key}")
    fields = command.get("set", {})
    if not isinstance(fields, dict):
        raise ControlError("set must be an object of field values")
    for name, value in fields.items():
        state.dataset.set_field(key, name, value)
    state.live.publish(key)


def _live_count(state, command, attribute):
    count = command.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ControlError(f"count must be a non-negative integer, not {count!r}")
    setattr(state.live, attribute, count)


def _drop_sockets(state, _schema, _command):
    state.live.drop_all()


def _stall_sockets(state, _schema, _command):
    state.live.stall_all()


def _reject_init(state, _schema, command):
    _live_count(state, command, "init_rejections")


def _refuse_sockets(state, _schema, command):
    _live_count(state, command, "refusals")


def _send_raw(state, _schema, command):
    state.live.send_raw(_require(command, "text", str, "the text frame to send on every open WebSocket"))


def _complete_subscriptions(state, _schema, _command):
    state.live.complete_all()


def _multipart_heartbeat(state, _schema, command):
    milliseconds = command.get("ms")
    if not isinstance(milliseconds, (int, float)) or isinstance(milliseconds, bool) or milliseconds <= 0:
        raise ControlError("'multipartHeartbeat' needs 'ms': a positive number of milliseconds")
    state.live.heartbeat_ms = milliseconds


def _delay_increments(state, _schema, command):
    milliseconds = command.get("ms")
    if not isinstance(milliseconds, (int, float)) or isinstance(milliseconds, bool) or milliseconds < 0:
        raise ControlError("'delayIncrements' needs 'ms': a non-negative number of milliseconds")
    state.live.increment_delay_ms = milliseconds


def _incremental_format(state, _schema, command):
    format = command.get("format")
    if format not in defer_spec_2022.FORMATS:
        raise ControlError(f"'incrementalFormat' needs 'format': one of {', '.join(defer_spec_2022.FORMATS)}")
    state.live.incremental_format = format


def _clear_field_errors(state, _schema, _command):
    state.field_errors.clear()


def _network_mode(apply_mode):
    def command(state, _schema, command):
        try:
            apply_mode(state.network, command)
        except network_modes.ModeError as error:
            raise ControlError(str(error)) from None

    return command


def _reset(state, _schema, _command):
    state.reset()


COMMANDS = {
    "reset": _reset,
    "fieldError": _field_error,
    "clearFieldErrors": _clear_field_errors,
    "set": _set,
    "addRecord": _add_record,
    "retargetOnFetch": _retarget_on_fetch,
    "delay": _delay,
    "respond": _respond,
    "cacheHints": _cache_hints,
    "malformed": _malformed,
    "redirect": _redirect,
    "drop": _drop,
    "auth": _network_mode(network_modes.apply_auth),
    "expireTokens": _network_mode(network_modes.expire_tokens),
    "persistedQueries": _network_mode(network_modes.apply_persisted),
    "pageFault": _page_fault,

    "publish": _publish,
    "dropSockets": _drop_sockets,
    "stallSockets": _stall_sockets,
    "rejectInit": _reject_init,
    "refuseSockets": _refuse_sockets,
    "delayIncrements": _delay_increments,
    "incrementalFormat": _incremental_format,
    "sendRaw": _send_raw,
    "completeSubscriptions": _complete_subscriptions,
    "multipartHeartbeat": _multipart_heartbeat,
}


def apply(state, schema, command):
    """Applies one command; the caller holds `state.lock`. Raises ControlError."""
    if not isinstance(command, dict) or command.get("command") not in COMMANDS:
        name = command.get("command") if isinstance(command, dict) else command
        raise ControlError(f"unknown command {name!r}; known: {', '.join(COMMANDS)}")
    try:
        COMMANDS[command["command"]](state, schema, command)
    except DatasetError as error:
        raise ControlError(str(error)) from None
