"""Subscriptions over multipart HTTP, Apollo's protocol (the one Apollo Router speaks).

A POST to /graphql whose Accept names `subscriptionSpec` (a client sends
`multipart/mixed;subscriptionSpec="1.0", application/json`) is answered
`multipart/mixed;boundary="graphql";subscriptionSpec="1.0"`, framed as Apollo Router
frames it: the delimiter right after each part, a lower-case `content-type` header, compact
JSON. Each event is a part `{"payload": result}`; while a subscription runs, a heartbeat part
`{}` goes out every `multipartHeartbeat` milliseconds (1000 until set); when the subscription
completes (the `completeSubscriptions` command) the closing delimiter `--graphql--` ends the
body. A query or mutation sent so gets its result as one payload part, then the close.
Request errors (unparsable, invalid) are answered as plain JSON with status 400 before any
part. The client's going away cancels the subscription, as for SSE; `dropSockets` cuts the
connection and `sendRaw` writes its text as one more part, which is how a test sends a
transport-level error (`{"payload": null, "errors": [...]}`).
"""

import asyncio
import json
import threading

from graphql import OperationDefinitionNode, get_operation_ast, subscribe
from graphql.language import OperationType

from execution import run
import graphql_http
from graphql_sse import watch_disconnect
from resolvers import RequestContext, inject_field_errors

CONTENT_TYPE = 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0"'
DELIMITER = b"\r\n--graphql"


def wants_multipart_subscription(accept):
    return "subscriptionspec" in (accept or "").lower()


class _Stream:
    """One response body in flight: what writes its parts, and what the control API's live
    commands reach (it sits in the LiveHub's connections while it runs)."""

    def __init__(self, handler):
        self.handler = handler
        self.loop = None

    def part(self, payload):
        self.raw(json.dumps(payload, separators=(",", ":")))

    def raw(self, text):
        self.handler.wfile.write(b"\r\ncontent-type: application/json\r\n\r\n" + text.encode("utf-8") + DELIMITER)
        self.handler.wfile.flush()

    def close(self):
        self.handler.wfile.write(b"--\r\n")
        self.handler.wfile.flush()

    def send_raw(self, text):
        """Writes `text` as one part, on the stream's own loop so parts never interleave."""
        if self.loop is None:
            return
        try:
            self.loop.call_soon_threadsafe(self._raw_or_drop, text)
        except RuntimeError:
            pass  # the stream's loop has closed: it is going away

    def _raw_or_drop(self, text):
        try:
            self.raw(text)
        except (ConnectionError, OSError):
            pass

    def stall(self):
        """`stallSockets` is for WebSockets; a multipart stream ignores it."""

    def drop(self):
        self.handler.drop()


def serve(handler, schema, state, request):
    """Answers one request with the multipart protocol; `request` is an execution.GraphQLRequest."""
    document = graphql_http.validated_document(handler, schema, request.query)
    if document is None:
        return
    handler.send_response(200)
    handler.send_header("Content-Type", CONTENT_TYPE)
    handler.send_header("Cache-Control", "no-cache")
    handler.end_headers()
    stream = _Stream(handler)
    state.live.opened(stream)
    state.live.note("subscribed", f"multipart:{request.operation_name or ''}")
    try:
        handler.wfile.write(DELIMITER)
        handler.wfile.flush()
        asyncio.run(_run(stream, schema, state, request, document))
    except (ConnectionError, OSError):
        pass
    finally:
        state.live.closed(stream)
    handler.close_connection = True


async def _run(stream, schema, state, request, document):
    stream.loop = asyncio.get_running_loop()
    operation = get_operation_ast(document, request.operation_name)
    if not isinstance(operation, OperationDefinitionNode) or operation.operation != OperationType.SUBSCRIPTION:
        stream.part({"payload": run(schema, state, request).response})
        stream.close()
        return
    events = subscribe(
        schema, document, context_value=RequestContext(state), variable_values=request.variables,
        operation_name=request.operation_name, middleware=[inject_field_errors])
    if asyncio.iscoroutine(events):
        events = await events
    if not hasattr(events, "__aiter__"):
        stream.part({"payload": events.formatted})
        stream.close()
        return
    task = asyncio.current_task()
    # The client's going away shows only as the socket closing: wait for it on a thread.
    threading.Thread(
        target=watch_disconnect, args=(stream.handler, stream.loop, task, state, "multipart"), daemon=True).start()
    heartbeat = asyncio.create_task(_beat(stream, state, task))
    try:
        async for result in events:
            stream.part({"payload": result.formatted})
        stream.close()
    except asyncio.CancelledError:
        pass
    finally:
        heartbeat.cancel()
        await events.aclose()


async def _beat(stream, state, task):
    try:
        while True:
            await asyncio.sleep(state.live.heartbeat_ms / 1000)
            stream.part({})
    except (ConnectionError, OSError):
        task.cancel()
