"""Incremental delivery (`@defer`, `@stream`) over `multipart/mixed`.

A POST whose Accept names `multipart/mixed` runs graphql-core's
`experimental_execute_incrementally`, which emits the current incremental-delivery
format: an initial result with `pending` (id, path, label), then subsequent results
with `incremental` (id plus `data` for a deferred fragment or `items` for a stream),
`completed` (id, and `errors` when a deferred part failed as a whole) and `hasNext`.
Each result is one part of the multipart body (boundary `-`, as graphql-helix and
Yoga use). As they do, the delimiter goes right after each part, so a client knows the
part ended without waiting for the next; the body ends with the closing `--`. The `delayIncrements`
control command holds each subsequent part back, so a client shows the pending state.
After `{"command": "incrementalFormat", "format": "deferSpec20220824"}` the parts are in
Apollo's 2022 format instead, framed as Apollo Router frames them (`defer_spec_2022.py`).
Only this path knows @defer and @stream; plain JSON requests keep the schema as written.
"""

import asyncio
import json
import time

from graphql import GraphQLDeferDirective, GraphQLSchema, GraphQLStreamDirective
from graphql.execution import ExperimentalIncrementalExecutionResults, experimental_execute_incrementally

import graphql_http
import defer_spec_2022
from resolvers import RequestContext, inject_field_errors

MULTIPART = "multipart/mixed"
CONTENT_TYPE = 'multipart/mixed; boundary="-"'
_schemas = {}


def wants_multipart(accept):
    return MULTIPART in (accept or "").lower()


def incremental_schema(schema):
    """`schema` with @defer and @stream, made once per schema."""
    made = _schemas.get(id(schema))
    if made is None:
        kwargs = schema.to_kwargs()
        kwargs["directives"] = [*schema.directives, GraphQLDeferDirective, GraphQLStreamDirective]
        made = _schemas[id(schema)] = (schema, GraphQLSchema(**kwargs))
    return made[1]


def serve(handler, schema, state, request):
    schema = incremental_schema(schema)
    document = graphql_http.validated_document(handler, schema, request.query)
    if document is None:
        return
    with state.lock:
        legacy = state.live.incremental_format == "deferSpec20220824"
    converter = defer_spec_2022.DeferSpec20220824(document) if legacy else None
    boundary = b"--" + defer_spec_2022.BOUNDARY if legacy else b"---"
    handler.send_response(200)
    handler.send_header("Content-Type", defer_spec_2022.CONTENT_TYPE if legacy else CONTENT_TYPE)
    handler.end_headers()
    try:
        handler.wfile.write(b"\r\n" + boundary)
        asyncio.run(_deliver(handler, schema, state, request, document, _Writer(handler, boundary, converter)))
        handler.wfile.write(b"--\r\n")
        handler.wfile.flush()
    except (ConnectionError, OSError):
        pass
    handler.close_connection = True


class _Writer:
    """Writes each result as a part, through `converter` (2022 format) when there is one."""

    def __init__(self, handler, boundary, converter):
        self.handler = handler
        self.boundary = boundary
        self.converter = converter

    def whole(self, result):
        self._part(result)

    def initial(self, result):
        self._part(self.converter.initial(result) if self.converter else result)

    def subsequent(self, result):
        self._part(self.converter.subsequent(result) if self.converter else result)

    def _part(self, payload):
        if self.converter:
            # Apollo Router's framing: compact JSON under a lower-case header.
            body = json.dumps(payload, separators=(",", ":")).encode("utf-8")
            head = b"\r\ncontent-type: application/json\r\n\r\n"
        else:
            body = json.dumps(payload).encode("utf-8")
            head = b"\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        self.handler.wfile.write(head + body + b"\r\n" + self.boundary)
        self.handler.wfile.flush()


async def _deliver(handler, schema, state, request, document, writer):
    with state.lock:
        result = experimental_execute_incrementally(
            schema, document, context_value=RequestContext(state), variable_values=request.variables,
            operation_name=request.operation_name, middleware=[inject_field_errors])
        if asyncio.iscoroutine(result):
            result = await result
    if not isinstance(result, ExperimentalIncrementalExecutionResults):
        writer.whole(result.formatted)
        return
    writer.initial(result.initial_result.formatted)
    async for subsequent in result.subsequent_results:
        delay = state.live.increment_delay_ms
        if delay:
            await asyncio.sleep(delay / 1000)
        writer.subsequent(subsequent.formatted)
