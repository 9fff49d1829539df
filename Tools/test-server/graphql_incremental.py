"""Incremental delivery (`@defer`, `@stream`) over `multipart/mixed`.

A POST whose Accept names `multipart/mixed` runs graphql-core's
`experimental_execute_incrementally`, which emits the current incremental-delivery
format: an initial result with `pending` (id, path, label), then subsequent results
with `incremental` (id plus `data` for a deferred fragment or `items` for a stream),
`completed` (id, and `errors` when a deferred part failed as a whole) and `hasNext`.
Each result is one part of the multipart body (boundary `-`, as graphql-helix and
Apollo use). As they do, the delimiter goes right after each part, so a client knows the
part ended without waiting for the next; the body ends with the closing `--`. The `delayIncrements`
control command holds each subsequent part back, so a client shows the pending state.
Only this path knows @defer and @stream; plain JSON requests keep the schema as written.
"""

import asyncio
import json
import time

from graphql import GraphQLDeferDirective, GraphQLSchema, GraphQLStreamDirective
from graphql.execution import ExperimentalIncrementalExecutionResults, experimental_execute_incrementally

import graphql_http
from resolvers import RequestContext, inject_field_errors

MULTIPART = "multipart/mixed"
CONTENT_TYPE = 'multipart/mixed; boundary="-"; deferSpec=20220824'
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
    handler.send_response(200)
    handler.send_header("Content-Type", CONTENT_TYPE)
    handler.end_headers()
    try:
        handler.wfile.write(b"\r\n---")
        asyncio.run(_deliver(handler, schema, state, request, document))
        handler.wfile.write(b"--\r\n")
        handler.wfile.flush()
    except (ConnectionError, OSError):
        pass
    handler.close_connection = True


def _part(handler, payload):
    body = json.dumps(payload).encode("utf-8")
    handler.wfile.write(b"\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + body + b"\r\n---")
    handler.wfile.flush()


async def _deliver(handler, schema, state, request, document):
    with state.lock:
        result = experimental_execute_incrementally(
            schema, document, context_value=RequestContext(state), variable_values=request.variables,
            operation_name=request.operation_name, middleware=[inject_field_errors])
        if asyncio.iscoroutine(result):
            result = await result
    if not isinstance(result, ExperimentalIncrementalExecutionResults):
        _part(handler, result.formatted)
        return
    _part(handler, result.initial_result.formatted)
    async for subsequent in result.subsequent_results:
        delay = state.live.increment_delay_ms
        if delay:
            await asyncio.sleep(delay / 1000)
        _part(handler, subsequent.formatted)
