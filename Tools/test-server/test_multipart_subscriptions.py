"""Subscriptions over multipart HTTP (Apollo's protocol), with the live control commands."""

import json
import socket
import time

from test_server import ServerTestCase
from test_live import UPDATED

ACCEPT = b'multipart/mixed;subscriptionSpec="1.0", application/json'


class Parts:
    """Reads a multipart subscription body part by part, keeping what came after the last."""

    def __init__(self, stream):
        self.stream = stream
        self.text = b""

    def take(self, count):
        """The next `count` parts' JSON bodies, or the string "closed" for the closing delimiter."""
        found = []
        while True:
            while len(found) < count:
                opening = self.text.find(b"--graphql")
                if opening < 0:
                    break
                rest = self.text[opening + len(b"--graphql"):]
                if rest.startswith(b"--"):
                    found.append("closed")
                    self.text = b""
                    break
                end = rest.find(b"\r\n--graphql")
                if end < 0:
                    break
                head, _, body = rest[:end].partition(b"\r\n\r\n")
                assert b"content-type: application/json" in head, head
                found.append(json.loads(body))
                self.text = rest[end + 2:]
            if len(found) >= count:
                return found
            # The delimiter follows each part at once, with no line break until the next part.
            chunk = self.stream.read1(4096)
            if not chunk:
                raise AssertionError(f"the body ended after {found}")
            self.text += chunk


class MultipartSubscriptionTests(ServerTestCase):
    def open_stream(self, query, variables=None, accept=ACCEPT):
        """Posts `query`; returns the connection, its parts, and the response head."""
        connection = socket.create_connection(("127.0.0.1", self.server.port), timeout=5)
        self.addCleanup(connection.close)
        body = json.dumps({"query": query, "variables": variables or {}}).encode("utf-8")
        connection.sendall(
            b"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: " + accept + b"\r\n"
            b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        stream = connection.makefile("rb")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            line = stream.readline()
            self.assertTrue(line, head)
            head += line
        return connection, Parts(stream), head.decode("latin-1")

    def sockets(self):
        return json.loads(self.server.request("GET", "/control/sockets")[2])

    def wait_for(self, predicate):
        deadline = time.monotonic() + 5
        while not predicate(self.sockets()):
            self.assertLess(time.monotonic(), deadline, self.sockets())
            time.sleep(0.02)

    def test_events_come_as_payload_parts_until_the_subscription_completes(self):
        self.server.control({"command": "multipartHeartbeat", "ms": 60000})
        _, parts, head = self.open_stream(UPDATED, {"id": "1"})
        self.assertIn('Content-Type: multipart/mixed;boundary="graphql";subscriptionSpec="1.0"', head)
        self.wait_for(lambda s: s["active"] == 1)
        # An event carries the record's key; its fields are read when it is resolved, so each
        # rename is read back before the next.
        self.server.control({"command": "publish", "key": "Character:1", "set": {"name": "Rick I"}})
        first = parts.take(1)
        self.server.control({"command": "publish", "key": "Character:1", "set": {"name": "Rick II"}})
        second = parts.take(1)
        self.server.control({"command": "completeSubscriptions"})
        self.assertEqual(first + second + parts.take(1), [
            {"payload": {"data": {"characterUpdated": {"id": "1", "name": "Rick I"}}}},
            {"payload": {"data": {"characterUpdated": {"id": "1", "name": "Rick II"}}}},
            "closed",
        ])
        self.wait_for(lambda s: s["active"] == 0 and s["open"] == 0)

    def test_heartbeats_are_empty_parts_at_the_set_interval(self):
        self.server.control({"command": "multipartHeartbeat", "ms": 50})
        _, parts, _ = self.open_stream(UPDATED, {"id": "1"})
        started = time.monotonic()
        self.assertEqual(parts.take(3), [{}, {}, {}])
        self.assertGreaterEqual(time.monotonic() - started, 0.1)

    def test_send_raw_writes_a_part_and_drop_sockets_cuts_the_stream(self):
        self.server.control({"command": "multipartHeartbeat", "ms": 60000})
        _, parts, _ = self.open_stream(UPDATED, {"id": "1"})
        self.wait_for(lambda s: s["active"] == 1 and s["open"] == 1)
        self.server.control({"command": "sendRaw", "text": '{"payload":null,"errors":[{"message":"gone"}]}'})
        self.assertEqual(parts.take(1), [{"payload": None, "errors": [{"message": "gone"}]}])
        self.server.control({"command": "dropSockets"})
        self.assertEqual(parts.stream.read(), b"")
        self.wait_for(lambda s: s["active"] == 0 and s["open"] == 0)

    def test_refuse_sockets_answers_503(self):
        self.server.control({"command": "refuseSockets", "count": 1})
        _, _, head = self.open_stream(UPDATED, {"id": "1"})
        self.assertTrue(head.startswith("HTTP/1.0 503") or head.startswith("HTTP/1.1 503"), head)

    def test_a_query_gets_one_payload_then_the_close(self):
        _, parts, _ = self.open_stream('{ character(id: "1") { name } }')
        self.assertEqual(parts.take(2), [{"payload": {"data": {"character": {"name": "Rick Sanchez"}}}}, "closed"])

    def test_an_invalid_subscription_is_answered_400_before_any_part(self):
        _, _, head = self.open_stream("subscription { nope }")
        self.assertIn(" 400 ", head.splitlines()[0])
        self.assertIn("application/json", head.lower())

    def test_a_multipart_accept_without_the_subscription_spec_stays_incremental_delivery(self):
        _, _, head = self.open_stream('{ character(id: "1") { name } }', accept=b"multipart/mixed")
        self.assertIn('multipart/mixed; boundary="-"', head)

    def test_multipart_heartbeat_needs_a_positive_interval(self):
        self.assertEqual(self.server.control({"command": "multipartHeartbeat", "ms": 0})[0], 400)
