"""Baton's loopback GraphQL test server.

    python server.py [--port 0] [--exit-on-stdin-eof] [--verbose] [--tls] [--schema rickandmorty|swapi]

Binds 127.0.0.1 only, prints `LISTENING <port>` once ready, serves GraphQL over
HTTP at /graphql and the control API at /control (README.md has the protocol),
and exits with status 0 on SIGTERM, SIGINT, or (with --exit-on-stdin-eof) when
stdin closes, so a test process that dies cannot leak it. With --tls every connection
is TLS (a self-signed certificate for 127.0.0.1, tls.py): `https://` and `wss://`.
"""

import argparse
import json
import os
import signal
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import control
import graphql_http
import network_modes
import swapi
import graphql_incremental
import graphql_sse
import graphql_ws
import multipart_subscriptions
import tls
import uploads
import websocket
from dataset import load_data
from execution import MutationOverGet, operation_name, run
from faults import Reply
from resolvers import build_executable_schema
from state import ServerState

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_REQUEST_BYTES = 16 * 1024 * 1024
LOGGED_BODY_CHARS = 4096


class TestServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port, schema, state, verbose, tls_context=None):
        self.schema = schema
        self.state = state
        self.verbose = verbose
        self.tls_context = tls_context
        super().__init__(("127.0.0.1", port), Handler)

    def finish_request(self, request, client_address):
        # The TLS handshake runs on the connection's own thread, so a client that never
        # completes one holds up no other.
        if self.tls_context is not None:
            try:
                request = self.tls_context.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError):
                return
        super().finish_request(request, client_address)

    def handle_error(self, request, client_address):
        # A client that gives up (a timeout test) breaks the pipe; that is no server error.
        if self.verbose or not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    # HTTP/1.0: one request per connection, so a dropped connection never makes a
    # client retry a request it sent on a reused one.
    protocol_version = "HTTP/1.0"
    server_version = "BatonTestServer/1"

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/control/requests":
            with self.server.state.lock:
                counters = self.server.state.counters_json()
            self._send(Reply.json(200, graphql_http.JSON, counters))
        elif path == "/control/network":
            with self.server.state.lock:
                counters = self.server.state.network.counters()
            self._send(Reply.json(200, graphql_http.JSON, counters))
        elif path == "/control/sockets":
            self._send(Reply.json(200, graphql_http.JSON, self.server.state.live.snapshot()))
        elif path == "/graphql" and websocket.is_upgrade(self.headers):
            graphql_ws.serve(self, self.server.schema, self.server.state)
        else:
            self._graphql("GET")

    def do_POST(self):
        if urlsplit(self.path).path == "/control":
            self._control()
        elif urlsplit(self.path).path == "/auth/refresh":
            self._send(network_modes.refresh(self.server.state, self._body()))
        else:
            self._graphql("POST")

    def _not_allowed(self):
        self._send(Reply(405, "text/plain; charset=utf-8", b"Use GET or POST.\n", {"Allow": "GET, POST"}))

    do_PUT = do_DELETE = do_PATCH = _not_allowed

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    def _body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise graphql_http.ProtocolError(400, "Content-Length is not a number.") from None
        if length > MAX_REQUEST_BYTES:
            raise graphql_http.ProtocolError(413, f"Request bodies are limited to {MAX_REQUEST_BYTES} bytes.")
        return self.rfile.read(length) if length > 0 else b""

    def _control(self):
        try:
            commands = json.loads(self._body() or b"null")
        except (ValueError, graphql_http.ProtocolError) as error:
            self._send(Reply.json(400, graphql_http.JSON, {"error": f"not a JSON command: {error}"}))
            return
        commands = commands if isinstance(commands, list) else [commands]
        with self.server.state.lock:
            for index, command in enumerate(commands):
                try:
                    control.apply(self.server.state, self.server.schema, command)
                except control.ControlError as error:
                    payload = {"error": str(error), "index": index, "applied": index}
                    self._send(Reply.json(400, graphql_http.JSON, payload))
                    return
        self._send(Reply.json(200, graphql_http.JSON, {"ok": True, "applied": len(commands)}))

    def _graphql(self, method):
        split = urlsplit(self.path)
        if split.path != "/graphql":
            self._send(Reply(404, "text/plain; charset=utf-8", b"Not found: GraphQL is at /graphql.\n"))
            return
        if method == "POST" and graphql_sse.wants_event_stream(self.headers.get("Accept")):
            self._event_stream()
            return
        if method == "POST" and multipart_subscriptions.wants_multipart_subscription(self.headers.get("Accept")):
            self._multipart_subscription()
            return
        if method == "POST" and graphql_incremental.wants_multipart(self.headers.get("Accept")):
            self._incremental()
            return
        media_type = graphql_http.negotiate(self.headers.get("Accept"))
        request, problem, raw = None, None, b""
        try:
            if method == "GET":
                request = graphql_http.parse_get(split.query)
            elif uploads.is_multipart(self.headers.get("Content-Type")):
                request, raw = uploads.read_request(
                    self.rfile, self.headers.get("Content-Type"), self.headers.get("Content-Length"))
            else:
                raw = self._body()
                request = graphql_http.parse_post(self.headers.get("Content-Type"), raw)
        except graphql_http.ProtocolError as error:
            problem = error
        state = self.server.state
        name = operation_name(request) if request else None
        with state.lock:
            state.note_request(name, self._log_entry(method, raw))
            delay_ms = state.take_delay_ms()
            fault = state.take_fault()
        time.sleep(delay_ms / 1000)
        if fault is not None and not fault.needs_execution:
            self._deliver(fault.deliver(None, media_type or graphql_http.JSON))
            return
        reply = self._answer(method, media_type, request, problem)
        if fault is not None:
            self._deliver(fault.deliver(reply, media_type or graphql_http.JSON))
        else:
            self._send(reply)

    def _streamed_request(self):
        """The POST body of a streamed reply (SSE, multipart), noted as a request; None once a
        body that is no GraphQL request has been answered."""
        try:
            raw = self._body()
            request = graphql_http.parse_post(self.headers.get("Content-Type"), raw)
        except graphql_http.ProtocolError as error:
            self._send(Reply.json(error.status, graphql_http.JSON, {"errors": [{"message": error.message}]}))
            return None
        with self.server.state.lock:
            self.server.state.note_request(operation_name(request), self._log_entry("POST", raw))
        return request

    def _event_stream(self):
        request = self._streamed_request()
        if request is None:
            return
        if self.server.state.live.take_refusal():
            self._send(Reply(503, "text/plain; charset=utf-8", b"Refused by refuseSockets.\n"))
            return
        self.server.state.live.opened(self)
        try:
            graphql_sse.serve(self, self.server.schema, self.server.state, request)
        finally:
            self.server.state.live.closed(self)

    def _multipart_subscription(self):
        request = self._streamed_request()
        if request is None:
            return
        if self.server.state.live.take_refusal():
            self._send(Reply(503, "text/plain; charset=utf-8", b"Refused by refuseSockets.\n"))
            return
        multipart_subscriptions.serve(self, self.server.schema, self.server.state, request)

    def _incremental(self):
        request = self._streamed_request()
        if request is None:
            return
        # As for a plain reply: a queued delay, a fault that answers without executing
        # (a status, a dropped connection), then auth and persisted queries, before any part.
        state, refusal = self.server.state, None
        with state.lock:
            delay_ms = state.take_delay_ms()
            fault = state.faults[0].value if state.faults else None
            fault = state.take_fault() if fault is not None and not fault.needs_execution else None
            if fault is None:
                request, refusal = network_modes.screen(state.network, self.headers, request)
        time.sleep(delay_ms / 1000)
        if fault is not None:
            self._deliver(fault.deliver(None, graphql_http.JSON))
        elif refusal is not None:
            self._send(refusal)
        else:
            graphql_incremental.serve(self, self.server.schema, state, request)

    def send_raw(self, _text):
        """`sendRaw` is for WebSockets; an event stream ignores it."""

    def stall(self):
        """`stallSockets` is for WebSockets; an event stream ignores it."""

    def drop(self):
        """Cuts an event stream's or multipart stream's connection (the `dropSockets` command)."""
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _answer(self, method, media_type, request, problem):
        if media_type is None:
            message = "Accept application/graphql-response+json or application/json."
            return Reply.json(406, graphql_http.JSON, {"errors": [{"message": message}]})
        if problem is not None:
            return Reply.json(problem.status, media_type, {"errors": [{"message": problem.message}]}, problem.headers)
        with self.server.state.lock:
            request, refusal = network_modes.screen(self.server.state.network, self.headers, request)
        if refusal is not None:
            return refusal
        try:
            outcome = run(self.server.schema, self.server.state, request, allow_mutation=method == "POST")
        except MutationOverGet:
            message = "Mutations need POST."
            return Reply.json(405, media_type, {"errors": [{"message": message}]}, {"Allow": "POST"})
        if outcome.page_fault is not None:
            # Plain text: a GraphQL body would make it a request error rather than an HTTP failure.
            body = f"{outcome.page_fault.message}\n".encode("utf-8")
            return Reply(outcome.page_fault.status, "text/plain; charset=utf-8", body)
        return Reply.json(graphql_http.status_for(outcome, media_type), media_type, outcome.response)

    def _log_entry(self, method, raw):
        text = raw.decode("utf-8", errors="replace")
        try:
            body = json.loads(text) if text else None
        except ValueError:
            body = text[:LOGGED_BODY_CHARS]
        return {"method": method, "path": self.path, "headers": dict(self.headers.items()), "body": body}

    def _deliver(self, delivery):
        if delivery.reply is None:
            self.close_connection = True
            return
        self._send(delivery.reply, delivery.cut_at)

    def _send(self, reply, cut_at=None):
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(reply.body if cut_at is None else reply.body[:cut_at])
        self.wfile.flush()
        self.close_connection = True


def _watch_stdin(stop):
    # os.read, not sys.stdin: a thread blocked in a buffered read holds a lock that
    # interpreter shutdown needs.
    while os.read(sys.stdin.fileno(), 65536):
        pass
    stop.set()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--exit-on-stdin-eof", action="store_true", help="exit when stdin closes")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument("--tls", action="store_true", help="serve TLS with a self-signed certificate")
    parser.add_argument(
        "--schema", choices=("rickandmorty", "swapi"), default="rickandmorty", help="the schema and data to serve"
    )
    args = parser.parse_args(argv)

    if args.schema == "swapi":
        schema = swapi.load()
    else:
        with open(os.path.join(HERE, "schema.graphql"), encoding="utf-8") as file:
            schema = build_executable_schema(file.read())
    state = ServerState(load_data(os.path.join(HERE, "data.json")))
    tls_context = tls.self_signed_context()[0] if args.tls else None
    server = TestServer(args.port, schema, state, args.verbose, tls_context)

    stop = threading.Event()
    # A child inherits the signal mask of the thread that spawned it, and Swift's Foundation
    # threads block these: unblocked, SIGTERM stops the server as a parent expects.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    if args.exit_on_stdin_eof:
        threading.Thread(target=_watch_stdin, args=(stop,), daemon=True).start()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"LISTENING {server.server_address[1]}", flush=True)
    while not stop.wait(0.5):
        pass
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
