"""GraphQL over WebSocket with the graphql-transport-ws protocol (the `graphql-ws` library's).

    client: connection_init {payload}      server: connection_ack | close 4403
    either: ping / pong
    client: subscribe {id, payload}        server: next {id, payload}* then complete {id}
                                            or error {id, payload: [errors]}
    client: complete {id}                  (stops the subscription; no reply)

A client that asks for the `graphql-ws` subprotocol (subscriptions-transport-ws's, the older
one) gets that protocol instead: `start`/`data`/`stop`, `connection_error {payload}` for a
refused init (the socket stays open, as that library's server leaves it), an error's payload
as one error object, `connection_terminate` from the client, and no ping: the server sends
`ka` after `connection_ack` and every KEEP_ALIVE_SECONDS.

Each connection runs its own asyncio loop on its handler's thread, with the
blocking socket read in an executor thread; subscriptions run graphql-core's
`subscribe`, queries and mutations the HTTP path's `run`. Protocol breaches
close the socket with the protocol's codes (4400, 4401, 4409, 4429).
"""

import asyncio
import json
import socket
import threading

from graphql import GraphQLError, OperationDefinitionNode, get_operation_ast, parse, subscribe, validate
from graphql.language import OperationType

from execution import GraphQLRequest, run
from resolvers import RequestContext, inject_field_errors
from websocket import ConnectionClosed, WebSocket

PROTOCOL = "graphql-transport-ws"
LEGACY_PROTOCOL = "graphql-ws"
KEEP_ALIVE_SECONDS = 1.0


def serve(handler, schema, state):
    """Takes over an upgrade request's connection until the socket closes."""
    hub = state.live
    if hub.take_refusal():
        handler.send_response(503, "Service Unavailable")
        handler.send_header("Content-Length", "0")
        handler.end_headers()
        return
    ws, chosen = WebSocket.handshake(handler, {PROTOCOL, LEGACY_PROTOCOL})
    if ws is None:
        return
    connection = Connection(handler.connection, ws, schema, state, legacy=chosen == LEGACY_PROTOCOL)
    hub.opened(connection)
    try:
        asyncio.run(connection.run())
    finally:
        hub.closed(connection)
        handler.close_connection = True


class Connection:
    def __init__(self, sock, ws, schema, state, legacy=False):
        self._legacy = legacy
        self._socket = sock
        self._ws = ws
        self._schema = schema
        self._state = state
        self._acknowledged = False
        self._initialized = False
        self._operations = {}
        self._stalled = False

    def stall(self):
        self._stalled = True

    def drop(self):
        try:
            self._socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def send_raw(self, text):
        try:
            self._ws.send_text(text)
        except ConnectionClosed:
            pass

    def _send(self, message):
        if not self._stalled:
            self._ws.send_text(json.dumps(message))

    def _read(self, loop, inbox):
        # A daemon thread, not the loop's executor: a blocked read must not keep the
        # server process from exiting.
        while True:
            try:
                message = self._ws.receive()
            except ConnectionClosed as closed:
                message = closed
            except OSError:
                message = ConnectionClosed(1006, "connection lost")
            try:
                loop.call_soon_threadsafe(inbox.put_nowait, message)
            except RuntimeError:
                return
            if isinstance(message, ConnectionClosed):
                return

    async def run(self):
        loop = asyncio.get_running_loop()
        inbox = asyncio.Queue()
        threading.Thread(target=self._read, args=(loop, inbox), daemon=True).start()
        keep_alive = loop.create_task(self._keep_alive()) if self._legacy else None
        try:
            while True:
                text = await inbox.get()
                if isinstance(text, ConnectionClosed) or not await self._handle(text):
                    break
        finally:
            if keep_alive is not None:
                keep_alive.cancel()
            for task in self._operations.values():
                task.cancel()
            await asyncio.gather(*self._operations.values(), return_exceptions=True)

    async def _handle(self, text):
        """One client message; False once the connection is closed."""
        if self._stalled:
            return True
        try:
            message = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        if self._legacy:
            kind = {"start": "subscribe", "stop": "complete", "ping": None, "pong": None}.get(kind, kind)
            if kind == "connection_terminate":
                return self._close(1000, "")
        if kind == "connection_init":
            return self._init(message)
        if kind == "ping":
            self._send({"type": "pong", **({"payload": message["payload"]} if "payload" in message else {})})
            return True
        if kind == "pong":
            return True
        if kind == "subscribe":
            return self._subscribe(message)
        if kind == "complete":
            task = self._operations.pop(message.get("id"), None)
            if task is not None:
                self._state.live.note("completed", message.get("id"))
                task.cancel()
            return True
        return self._close(4400, f"Invalid message received: {text[:100]!r}"[:120])

    def _close(self, code, reason):
        self._ws.close(code, reason)
        return False

    def _init(self, message):
        if self._initialized:
            return self._close(4429, "Too many initialisation requests")
        self._initialized = True
        payload = message.get("payload")
        self._state.live.note("inits", payload)
        if self._state.live.take_init_rejection():
            if self._legacy:
                self._send({"type": "connection_error", "payload": {"message": "Forbidden"}})
                return True
            return self._close(4403, "Forbidden")
        self._acknowledged = True
        self._send({"type": "connection_ack"})
        if self._legacy:
            self._send({"type": "ka"})
        return True

    async def _keep_alive(self):
        while True:
            await asyncio.sleep(KEEP_ALIVE_SECONDS)
            if self._acknowledged:
                try:
                    self._send({"type": "ka"})
                except (ConnectionClosed, OSError):
                    return

    def _subscribe(self, message):
        if not self._acknowledged:
            return self._close(4401, "Unauthorized")
        identifier, payload = message.get("id"), message.get("payload")
        if not isinstance(identifier, str) or not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
            return self._close(4400, "Invalid subscribe message")
        if identifier in self._operations:
            return self._close(4409, f"Subscriber for {identifier} already exists")
        self._state.live.note("subscribed", identifier)
        task = asyncio.get_running_loop().create_task(self._operate(identifier, payload))
        self._operations[identifier] = task
        return True

    async def _operate(self, identifier, payload):
        try:
            await self._execute(identifier, payload)
        except asyncio.CancelledError:
            raise
        except ConnectionClosed:
            return
        if self._operations.pop(identifier, None) is not None:
            try:
                self._send({"type": "complete", "id": identifier})
            except ConnectionClosed:
                pass

    async def _execute(self, identifier, payload):
        variables = payload.get("variables")
        request = GraphQLRequest(
            payload["query"], payload.get("operationName"), variables if isinstance(variables, dict) else None,
            payload.get("extensions"), payload.get("onError"))
        try:
            document = parse(request.query)
        except GraphQLError as error:
            self._error(identifier, [error])
            return
        operation = get_operation_ast(document, request.operation_name)
        if not isinstance(operation, OperationDefinitionNode) or operation.operation != OperationType.SUBSCRIPTION:
            outcome = run(self._schema, self._state, request)
            if outcome.executed:
                self._send({"type": self._data_type, "id": identifier, "payload": outcome.response})
            else:
                self._error(identifier, outcome.response["errors"], formatted=True)
            return
        errors = validate(self._schema, document)
        if errors:
            self._error(identifier, errors)
            return
        stream = await _awaited(subscribe(
            self._schema, document, context_value=RequestContext(self._state), variable_values=request.variables,
            operation_name=request.operation_name, middleware=[inject_field_errors]))
        if not hasattr(stream, "__aiter__"):
            self._error(identifier, stream.errors or [])
            return
        try:
            async for result in stream:
                self._send({"type": self._data_type, "id": identifier, "payload": result.formatted})
        finally:
            await stream.aclose()

    @property
    def _data_type(self):
        return "data" if self._legacy else "next"

    def _error(self, identifier, errors, formatted=False):
        self._operations.pop(identifier, None)
        payload = errors if formatted else [e.formatted for e in errors]
        if self._legacy:
            # subscriptions-transport-ws sends one error object.
            payload = payload[0] if payload else {"message": "error"}
        self._send({"type": "error", "id": identifier, "payload": payload})


async def _awaited(value):
    return await value if asyncio.iscoroutine(value) or isinstance(value, asyncio.Future) else value
