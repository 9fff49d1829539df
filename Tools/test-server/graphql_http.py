"""GraphQL-over-HTTP (https://graphql.github.io/graphql-over-http/draft/): requests and statuses.

Reads the request parameters from a GET query string or a POST JSON body, picks
the response media type from `Accept`, and maps an Outcome to a status code:
with application/graphql-response+json, 200 when execution happened and 400 when
a request error stopped it; with application/json, 200 for every well-formed
request. Requests that are not well-formed get 400, 405, 406 or 415.
"""

import json
from urllib.parse import parse_qs

from graphql import GraphQLError, parse, validate

from execution import GraphQLRequest

GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"
JSON = "application/json"


class ProtocolError(Exception):
    """A request that is not a well-formed GraphQL-over-HTTP request."""

    def __init__(self, status, message, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def _media_ranges(accept):
    """(media range, q) pairs of an Accept header, highest q first, ties in header order."""
    ranges = []
    for item in accept.split(","):
        parts = [part.strip() for part in item.split(";")]
        quality = 1.0
        for parameter in parts[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if parts[0]:
            ranges.append((parts[0].lower(), quality))
    return sorted((r for r in ranges if r[1] > 0), key=lambda r: -r[1])


def negotiate(accept):
    """The response media type, or None when `Accept` allows neither (406).

    A request without `Accept` gets application/graphql-response+json, as the
    spec asks of servers after its 2025-01-01 watershed; `*/*` gets application/json.
    """
    if accept is None or not accept.strip():
        return GRAPHQL_RESPONSE_JSON
    for media_range, _ in _media_ranges(accept):
        if media_range == GRAPHQL_RESPONSE_JSON:
            return GRAPHQL_RESPONSE_JSON
        if media_range in (JSON, "application/*", "*/*"):
            return JSON
    return None


def status_for(outcome, media_type):
    if media_type == GRAPHQL_RESPONSE_JSON and not outcome.executed:
        return 400
    return 200


def parse_get(query_string):
    params = {name: values[0] for name, values in parse_qs(query_string, keep_blank_values=True).items()}
    for name in ("variables", "extensions"):
        if params.get(name):
            try:
                params[name] = json.loads(params[name])
            except ValueError:
                raise ProtocolError(400, f"The '{name}' query parameter is not JSON.") from None
        else:
            params.pop(name, None)
    return _checked(params)


def parse_post(content_type, body):
    media_type, _, parameters = (content_type or "").partition(";")
    if media_type.strip().lower() != JSON:
        raise ProtocolError(415, f"POST bodies must be {JSON}, not '{content_type or 'unspecified'}'.")
    charset = parameters.strip().lower()
    if charset and charset.replace(" ", "") not in ("charset=utf-8", 'charset="utf-8"'):
        raise ProtocolError(415, f"POST bodies must be UTF-8, not '{parameters.strip()}'.")
    try:
        params = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ProtocolError(400, f"The request body is not JSON: {error}.") from None
    if not isinstance(params, dict):
        raise ProtocolError(400, "The request body must be a JSON object.")
    return _checked(params)


def _checked(params):
    query = params.get("query")
    if query is None and isinstance((params.get("extensions") or {}).get("persistedQuery"), dict):
        query = ""  # a persisted query names its text by id (network_modes.py)
    if not isinstance(query, str):
        raise ProtocolError(400, "The 'query' parameter must be a string.")
    expected = {"operationName": str, "variables": dict, "extensions": dict, "onError": str}
    for name, kind in expected.items():
        value = params.get(name)
        if value is not None and not isinstance(value, kind):
            raise ProtocolError(400, f"The '{name}' parameter must be a {kind.__name__ if kind is str else 'map'}.")
    return GraphQLRequest(
        query=query,
        operation_name=params.get("operationName") or None,  # "" means none, as the spec says for GET
        variables=params.get("variables"),
        extensions=params.get("extensions"),
        on_error=params.get("onError"),
    )


def validated_document(handler, schema, query):
    """`query` parsed and valid against `schema`, or None once `handler` has answered 400
    with the errors (the streamed replies, SSE and multipart, check before they start)."""
    try:
        document = parse(query)
        errors = validate(schema, document)
    except GraphQLError as error:
        errors = [error]
    if not errors:
        return document
    body = json.dumps({"errors": [error.formatted for error in errors]}).encode("utf-8")
    handler.send_response(400)
    handler.send_header("Content-Type", "application/json; charset=utf-8")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)
    return None
