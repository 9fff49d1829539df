"""The live side: graphql-transport-ws over the stdlib WebSocket server, with its control commands."""

import base64
import json
import os
import socket
import struct
import time
import unittest

from test_server import ServerTestCase
from websocket import accept_key

UPDATED = 'subscription Updated($id: ID) { characterUpdated(id: $id) { id name } }'


class Client:
    """A blocking test client: handshake, masked text frames, close frames read as ("close", code)."""

    def __init__(self, port, protocol="graphql-transport-ws"):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        request = (
            f"GET /graphql HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: {protocol}\r\n\r\n"
        )
        self.socket.sendall(request.encode("ascii"))
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.head = head.decode("latin-1")
        self.status = int(self.head.split()[1])
        if self.status == 101:
            assert f"Sec-WebSocket-Accept: {accept_key(key)}" in self.head, self.head

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, message):
        payload = json.dumps(message).encode("utf-8")
        mask = os.urandom(4)
        header = bytes([0x81]) + (
            bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        )
        self.socket.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self._read(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._read(8))
        payload = self._read(length)
        opcode = first & 0x0F
        if opcode == 0x8:
            return ("close", struct.unpack("!H", payload[:2])[0])
        if opcode == 0x9:
            return self.receive()
        return json.loads(payload.decode("utf-8"))

    def initialized(self, payload=None):
        self.send({"type": "connection_init", **({"payload": payload} if payload is not None else {})})
        self.assertion = self.receive()
        return self

    def close(self):
        self.socket.close()


class WebSocketTestCase(ServerTestCase):
    PROTOCOL = "graphql-transport-ws"

    def client(self):
        client = Client(self.server.port, protocol=self.PROTOCOL)
        self.addCleanup(client.close)
        return client

    def sockets(self):
        return json.loads(self.server.request("GET", "/control/sockets")[2])

    def wait_for(self, predicate):
        deadline = time.monotonic() + 5
        while not predicate(self.sockets()):
            self.assertLess(time.monotonic(), deadline, self.sockets())
            time.sleep(0.02)


class GraphQLTransportWSTests(WebSocketTestCase):

    def test_init_is_acknowledged_and_its_payload_recorded(self):
        client = self.client()
        self.assertEqual(client.status, 101)
        self.assertIn("Sec-WebSocket-Protocol: graphql-transport-ws", client.head)
        self.assertEqual(client.initialized({"token": "secret"}).assertion, {"type": "connection_ack"})
        self.assertEqual(self.sockets()["inits"], [{"token": "secret"}])

    def test_rejected_init_closes_with_4403(self):
        self.server.control({"command": "rejectInit"})
        self.assertEqual(self.client().initialized({}).assertion, ("close", 4403))
        self.assertEqual(self.client().initialized({}).assertion, {"type": "connection_ack"})

    def test_subscribe_before_ack_closes_with_4401(self):
        client = self.client()
        client.send({"type": "subscribe", "id": "1", "payload": {"query": UPDATED}})
        self.assertEqual(client.receive(), ("close", 4401))

    def test_complete_subscriptions_sends_complete(self):
        client = self.client().initialized()
        client.send({"type": "subscribe", "id": "a", "payload": {"query": UPDATED, "variables": {"id": "1"}}})
        self.wait_for(lambda s: s["active"] == 1)
        self.server.control({"command": "completeSubscriptions"})
        self.assertEqual(client.receive(), {"type": "complete", "id": "a"})
        self.wait_for(lambda s: s["active"] == 0)

    def test_ping_is_answered(self):
        client = self.client().initialized()
        client.send({"type": "ping"})
        self.assertEqual(client.receive(), {"type": "pong"})

    def test_mutation_and_publish_reach_the_subscriber_until_it_completes(self):
        client = self.client().initialized()
        client.send({"type": "subscribe", "id": "a", "payload": {"query": UPDATED, "variables": {"id": "1"}}})
        self.wait_for(lambda s: s["active"] == 1)
        self.server.graphql('mutation { updateCharacterName(id: "1", name: "Rick II") { id } }')
        self.server.graphql('mutation { updateCharacterName(id: "2", name: "Morty II") { id } }')
        self.assertEqual(
            client.receive(),
            {"type": "next", "id": "a", "payload": {"data": {"characterUpdated": {"id": "1", "name": "Rick II"}}}})
        self.server.control({"command": "publish", "key": "Character:1", "set": {"name": "Rick III"}})
        self.assertEqual(client.receive()["payload"]["data"]["characterUpdated"]["name"], "Rick III")
        client.send({"type": "complete", "id": "a"})
        self.wait_for(lambda s: s["active"] == 0)
        self.assertEqual(self.sockets()["completed"], ["a"])

    def test_field_error_in_an_event(self):
        client = self.client().initialized()
        client.send({"type": "subscribe", "id": "a", "payload": {"query": UPDATED}})
        self.wait_for(lambda s: s["active"] == 1)
        self.server.control({"command": "fieldError", "target": "Character.name", "message": "no name"})
        self.server.control({"command": "publish", "key": "Character:2"})
        payload = client.receive()["payload"]
        self.assertEqual(payload["errors"][0]["path"], ["characterUpdated", "name"])

    def test_invalid_subscription_gets_an_error_message(self):
        client = self.client().initialized()
        client.send({"type": "subscribe", "id": "x", "payload": {"query": "subscription { nope }"}})
        message = client.receive()
        self.assertEqual((message["type"], message["id"]), ("error", "x"))
        self.assertIn("nope", message["payload"][0]["message"])

    def test_query_over_the_socket_sends_next_then_complete(self):
        client = self.client().initialized()
        client.send({"type": "subscribe", "id": "q", "payload": {"query": '{ character(id: "1") { name } }'}})
        self.assertEqual(client.receive()["payload"], {"data": {"character": {"name": "Rick Sanchez"}}})
        self.assertEqual(client.receive(), {"type": "complete", "id": "q"})

    def test_a_stalled_socket_answers_no_ping_and_a_new_one_does(self):
        client = self.client().initialized()
        self.server.control({"command": "stallSockets"})
        client.send({"type": "ping"})
        client.socket.settimeout(0.5)
        with self.assertRaises(socket.timeout):
            client.receive()
        fresh = self.client().initialized()
        fresh.send({"type": "ping"})
        self.assertEqual(fresh.receive(), {"type": "pong"})

    def test_drop_sockets_cuts_connections_and_refuse_answers_503(self):
        client = self.client().initialized()
        self.server.control({"command": "dropSockets"})
        with self.assertRaises(ConnectionError):
            client.receive()
        self.wait_for(lambda s: s["open"] == 0)
        self.server.control({"command": "refuseSockets", "count": 1})
        self.assertEqual(self.client().status, 503)
        self.assertEqual(self.client().status, 101)


if __name__ == "__main__":
    unittest.main()


class SubscriptionsTransportWSTests(WebSocketTestCase):
    """The older `graphql-ws` subprotocol (subscriptions-transport-ws's)."""

    PROTOCOL = "graphql-ws"

    def test_init_is_acknowledged_then_kept_alive(self):
        client = self.client()
        self.assertIn("Sec-WebSocket-Protocol: graphql-ws", client.head)
        self.assertEqual(client.initialized({"token": "secret"}).assertion, {"type": "connection_ack"})
        self.assertEqual(client.receive(), {"type": "ka"})
        self.assertEqual(client.receive(), {"type": "ka"})

    def test_rejected_init_is_a_connection_error(self):
        self.server.control({"command": "rejectInit"})
        self.assertEqual(self.client().initialized({}).assertion["type"], "connection_error")

    def test_start_data_stop(self):
        client = self.client().initialized()
        client.send({"type": "start", "id": "a", "payload": {"query": UPDATED, "variables": {"id": "1"}}})
        self.wait_for(lambda s: s["active"] == 1)
        self.server.graphql('mutation { updateCharacterName(id: "1", name: "Rick II") { id } }')
        message = client.receive()
        while message == {"type": "ka"}:
            message = client.receive()
        self.assertEqual(
            message, {"type": "data", "id": "a", "payload": {"data": {"characterUpdated": {"id": "1", "name": "Rick II"}}}})
        client.send({"type": "stop", "id": "a"})
        self.wait_for(lambda s: s["active"] == 0)
        self.assertEqual(self.sockets()["completed"], ["a"])

    def test_an_error_is_one_error_object(self):
        client = self.client().initialized()
        client.send({"type": "start", "id": "x", "payload": {"query": "subscription { nope }"}})
        message = client.receive()
        while message == {"type": "ka"}:
            message = client.receive()
        self.assertEqual((message["type"], message["id"]), ("error", "x"))
        self.assertIn("nope", message["payload"]["message"])

    def test_a_stalled_socket_sends_no_keep_alive(self):
        client = self.client().initialized()
        self.assertEqual(client.receive(), {"type": "ka"})
        self.server.control({"command": "stallSockets"})
        client.socket.settimeout(1.5)
        with self.assertRaises(socket.timeout):
            while True:
                client.receive()


class GraphQLOverSSETests(ServerTestCase):
    def open_stream(self, query, variables=None):
        connection = socket.create_connection(("127.0.0.1", self.server.port), timeout=5)
        self.addCleanup(connection.close)
        body = json.dumps({"query": query, "variables": variables or {}}).encode("utf-8")
        connection.sendall(
            b"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        return connection, connection.makefile("rb")

    @staticmethod
    def events(stream, count):
        found, event = [], {}
        while len(found) < count:
            line = stream.readline().decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                event["event"] = line[len("event: "):]
            elif line.startswith("data: ") or line == "data:":
                data = line[len("data:"):].strip()
                event["data"] = json.loads(data) if data else None
            elif line == "" and event:
                found.append(event)
                event = {}
        return found

    def sockets(self):
        return json.loads(self.server.request("GET", "/control/sockets")[2])

    def wait_for(self, predicate):
        deadline = time.monotonic() + 5
        while not predicate(self.sockets()):
            self.assertLess(time.monotonic(), deadline, self.sockets())
            time.sleep(0.02)

    def test_a_subscription_streams_events_until_the_client_leaves(self):
        connection, stream = self.open_stream(UPDATED, {"id": "1"})
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += stream.readline()
        self.assertIn(b"Content-Type: text/event-stream", head)
        self.wait_for(lambda s: s["active"] == 1)
        self.server.control({"command": "publish", "key": "Character:1", "set": {"name": "Rick SSE"}})
        self.assertEqual(
            self.events(stream, 1),
            [{"event": "next", "data": {"data": {"characterUpdated": {"id": "1", "name": "Rick SSE"}}}}])
        connection.shutdown(socket.SHUT_RDWR)
        self.wait_for(lambda s: s["active"] == 0 and s["open"] == 0)

    def test_complete_subscriptions_ends_the_stream_with_complete(self):
        _, stream = self.open_stream(UPDATED, {"id": "1"})
        while stream.readline() not in (b"\r\n", b""):
            pass
        self.wait_for(lambda s: s["active"] == 1)
        self.server.control({"command": "completeSubscriptions"})
        self.assertEqual(self.events(stream, 1), [{"event": "complete", "data": None}])
        self.wait_for(lambda s: s["active"] == 0)

    def test_a_query_gets_one_next_then_complete(self):
        _, stream = self.open_stream('{ character(id: "1") { name } }')
        while stream.readline() not in (b"\r\n", b""):
            pass
        self.assertEqual(
            self.events(stream, 2),
            [{"event": "next", "data": {"data": {"character": {"name": "Rick Sanchez"}}}}, {"event": "complete", "data": None}])


class IncrementalDeliveryTests(ServerTestCase):
    DEFERRED = (
        'query Deferred { character(id: "1") { id ... @defer(label: "more") { species origin { name } } '
        'episodes @stream(initialCount: 1) { id } } }'
    )

    def parts(self, query):
        body = json.dumps({"query": query}).encode("utf-8")
        status, headers, raw = self.server.request(
            "POST", "/graphql", body, {"Accept": "multipart/mixed", "Content-Type": "application/json"})
        self.assertEqual(status, 200, raw)
        self.assertEqual(headers["content-type"], 'multipart/mixed; boundary="-"')
        # The delimiter follows each part at once (as graphql-helix sends it), the last one closing.
        self.assertTrue(raw.startswith(b"\r\n---\r\n") and raw.endswith(b"\r\n-----\r\n"))
        chunks = raw[len(b"\r\n---") : -len(b"\r\n-----\r\n")].split(b"\r\n---")
        self.assertTrue(all(chunk.startswith(b"\r\n") for chunk in chunks))
        return [json.loads(chunk.split(b"\r\n\r\n", 1)[1]) for chunk in chunks]

    def test_defer_and_stream_use_the_current_format(self):
        parts = self.parts(self.DEFERRED)
        self.assertEqual(parts[0]["data"], {"character": {"id": "1", "episodes": [{"id": "1"}]}})
        self.assertEqual(
            parts[0]["pending"], [{"id": "0", "path": ["character"], "label": "more"}, {"id": "1", "path": ["character", "episodes"]}])
        self.assertTrue(parts[0]["hasNext"])
        incremental = [item for part in parts[1:] for item in part.get("incremental", [])]
        self.assertIn({"data": {"species": "Human", "origin": {"name": "Earth (C-137)"}}, "id": "0"}, incremental)
        streamed = [item for entry in incremental if entry["id"] == "1" for item in entry["items"]]
        self.assertEqual(streamed[0], {"id": "2"})
        completed = sorted(entry["id"] for part in parts[1:] for entry in part.get("completed", []))
        self.assertEqual(completed, ["0", "1"])
        self.assertFalse(parts[-1]["hasNext"])

    def test_defer_if_false_inlines(self):
        parts = self.parts('{ character(id: "1") { id ... @defer(if: false) { species } } }')
        self.assertEqual(parts, [{"data": {"character": {"id": "1", "species": "Human"}}}])

    def test_a_field_error_in_a_deferred_fragment(self):
        self.server.control({"command": "fieldError", "target": "Character:1.species", "message": "no species"})
        parts = self.parts('{ character(id: "1") { id ... @defer { species } } }')
        failures = [entry for part in parts[1:] for entry in part.get("completed", []) if "errors" in entry]
        self.assertEqual(failures[0]["errors"][0]["message"], "no species")

    def test_delay_increments_holds_each_part_back(self):
        self.server.control({"command": "delayIncrements", "ms": 300})
        started = time.monotonic()
        self.parts('{ character(id: "1") { id ... @defer { species } } }')
        self.assertGreaterEqual(time.monotonic() - started, 0.3)

    def legacy_parts(self, query):
        self.server.control({"command": "incrementalFormat", "format": "deferSpec20220824"})
        body = json.dumps({"query": query}).encode("utf-8")
        status, headers, raw = self.server.request(
            "POST", "/graphql", body, {"Accept": "multipart/mixed;deferSpec=20220824", "Content-Type": "application/json"})
        self.assertEqual(status, 200, raw)
        self.assertEqual(headers["content-type"], 'multipart/mixed;boundary="graphql";deferSpec=20220824')
        self.assertTrue(raw.startswith(b"\r\n--graphql\r\n") and raw.endswith(b"\r\n--graphql--\r\n"))
        chunks = raw[len(b"\r\n--graphql") : -len(b"\r\n--graphql--\r\n")].split(b"\r\n--graphql")
        self.assertTrue(all(chunk.startswith(b"\r\ncontent-type: application/json\r\n\r\n") for chunk in chunks))
        return [json.loads(chunk.split(b"\r\n\r\n", 1)[1]) for chunk in chunks]

    def test_the_2022_format_carries_path_and_label_and_no_pending(self):
        parts = self.legacy_parts(self.DEFERRED)
        self.assertEqual(parts[0], {"data": {"character": {"id": "1", "episodes": [{"id": "1"}]}}, "hasNext": True})
        incremental = [entry for part in parts[1:] for entry in part.get("incremental", [])]
        self.assertIn(
            {"data": {"species": "Human", "origin": {"name": "Earth (C-137)"}}, "path": ["character"], "label": "more"},
            incremental)
        streamed = [entry for entry in incremental if "items" in entry]
        self.assertEqual(streamed[0]["path"], ["character", "episodes", 1])
        self.assertEqual(streamed[0]["items"][0], {"id": "2"})
        indices = [entry["path"][-1] for entry in streamed]
        counts = [len(entry["items"]) for entry in streamed]
        self.assertEqual(indices, [1 + sum(counts[:i]) for i in range(len(counts))])
        self.assertTrue(all(set(part) <= {"incremental", "hasNext"} for part in parts[1:]))
        self.assertTrue(all("id" not in entry for entry in incremental))
        self.assertFalse(parts[-1]["hasNext"])

    def test_the_2022_format_sends_a_failed_fragment_as_null_data(self):
        self.server.control({"command": "fieldError", "target": "Character:1.species", "message": "no species"})
        parts = self.legacy_parts('{ character(id: "1") { id ... @defer(label: "d") { species } } }')
        self.assertEqual(parts[1]["incremental"][0]["data"], None)
        self.assertEqual(parts[1]["incremental"][0]["path"], ["character"])
        self.assertEqual(parts[1]["incremental"][0]["label"], "d")
        self.assertEqual(parts[1]["incremental"][0]["errors"][0]["message"], "no species")

    def test_the_2022_format_sends_a_field_two_fragments_share_with_each(self):
        parts = self.legacy_parts(
            '{ character(id: "1") { id ... @defer(label: "a") { name status } ... @defer(label: "b") { status } } }')
        incremental = {entry["label"]: entry["data"] for part in parts[1:] for entry in part.get("incremental", [])}
        self.assertEqual(incremental, {"a": {"name": "Rick Sanchez", "status": "ALIVE"}, "b": {"status": "ALIVE"}})

    def test_reset_restores_the_current_format(self):
        self.server.control([{"command": "incrementalFormat", "format": "deferSpec20220824"}, {"command": "reset"}])
        self.assertIn("pending", self.parts('{ character(id: "1") { id ... @defer { species } } }')[0])

    def test_an_unknown_format_is_refused(self):
        status, body = self.server.control({"command": "incrementalFormat", "format": "2021"})
        self.assertEqual(status, 400)
        self.assertIn("deferSpec20220824", body["error"])

    def multipart(self, query, headers=None):
        body = json.dumps({"query": query}).encode("utf-8")
        return self.server.request(
            "POST", "/graphql", body, {"Accept": "multipart/mixed", "Content-Type": "application/json", **(headers or {})})

    def test_a_queued_status_answers_before_any_part_then_the_parts_come(self):
        self.server.control({"command": "respond", "status": 503, "count": 1})
        status, headers, _ = self.multipart('{ character(id: "1") { id ... @defer { species } } }')
        self.assertEqual(status, 503)
        self.assertNotIn("multipart", headers["content-type"])
        self.assertEqual(len(self.parts('{ character(id: "1") { id ... @defer { species } } }')), 2)

    def test_auth_refuses_a_multipart_request_without_a_valid_token(self):
        self.server.control({"command": "auth", "token": "t0"})
        self.assertEqual(self.multipart('{ character(id: "1") { id } }')[0], 401)
        status, headers, _ = self.multipart('{ character(id: "1") { id } }', {"Authorization": "Bearer t0"})
        self.assertEqual(status, 200)
        self.assertIn("multipart/mixed", headers["content-type"])

    def test_json_requests_do_not_know_defer(self):
        _, response = self.server.graphql('{ character(id: "1") { ... @defer { name } } }')
        self.assertIn("Unknown directive '@defer'.", [error["message"] for error in response["errors"]])
