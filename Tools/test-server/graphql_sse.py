"""GraphQL over Server-Sent Events, "distinct connections" mode (the graphql-sse protocol).

A POST to /graphql whose Accept asks for `text/event-stream` gets one stream per
request: `event: next` with each result as `data`, then `event: complete`. A
subscription runs graphql-core's `subscribe` until the client disconnects (a
daemon thread waits for the request's socket to close and cancels it); a query
or mutation gives one `next`. Request errors (unparsable, invalid) are answered
as plain GraphQL-over-HTTP JSON with status 400, before any stream starts.
"""

import asyncio
import json
import threading

from graphql import OperationDefinitionNode, get_operation_ast, subscribe
from graphql.language import OperationType

from execution import run
import graphql_http
from resolvers import RequestContext, inject_field_errors

EVENT_STREAM = "text/event-stream"


def wants_event_stream(accept):
    return EVENT_STREAM in (accept or "").lower()


def serve(handler, schema, state, request):
    """Answers one request as an event stream; `request` is an execution.GraphQLRequest."""
    document = graphql_http.validated_document(handler, schema, request.query)
    if document is None:
        return
    handler.send_response(200)
    handler.send_header("Content-Type", f"{EVENT_STREAM}; charset=utf-8")
    handler.send_header("Cache-Control", "no-cache")
    handler.end_headers()
    handler.wfile.flush()
    state.live.note("subscribed", f"sse:{request.operation_name or ''}")
    try:
        asyncio.run(_stream(handler, schema, state, request, document))
    except (ConnectionError, OSError):
        pass
    handler.close_connection = True


def _send(handler, event, payload):
    data = json.dumps(payload) if payload is not None else ""
    handler.wfile.write(f"event: {event}\ndata: {data}\n\n".encode("utf-8"))
    handler.wfile.flush()


async def _stream(handler, schema, state, request, document):
    operation = get_operation_ast(document, request.operation_name)
    if not isinstance(operation, OperationDefinitionNode) or operation.operation != OperationType.SUBSCRIPTION:
        outcome = run(schema, state, request)
        _send(handler, "next", outcome.response)
        _send(handler, "complete", None)
        return
    stream = subscribe(
        schema, document, context_value=RequestContext(state), variable_values=request.variables,
        operation_name=request.operation_name, middleware=[inject_field_errors])
    if asyncio.iscoroutine(stream):
        stream = await stream
    if not hasattr(stream, "__aiter__"):
        _send(handler, "next", stream.formatted)
        _send(handler, "complete", None)
        return
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    # The client's going away shows only as the socket closing: wait for it on a thread.
    threading.Thread(target=watch_disconnect, args=(handler, loop, task, state, "sse"), daemon=True).start()
    try:
        async for result in stream:
            _send(handler, "next", result.formatted)
        _send(handler, "complete", None)
    except asyncio.CancelledError:
        pass
    finally:
        await stream.aclose()


def watch_disconnect(handler, loop, task, state, name):
    """Cancels `task` when the client closes its connection (an HTTP subscription's stop),
    noting `name` as completed; runs on a thread of its own."""
    try:
        while handler.connection.recv(4096):
            pass
    except OSError:
        pass
    state.live.note("completed", name)
    try:
        loop.call_soon_threadsafe(task.cancel)
    except RuntimeError:
        pass
