"""`--tls`: the server speaks TLS with a self-signed certificate, WebSockets included, so a
`wss://` client meets a real TLS WebSocket server."""

import base64
import os
import socket
import ssl
import unittest

from launcher import ServerProcess
from websocket import accept_key


class TLSTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess(["--tls"]).__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.server.__exit__(None, None, None)

    def connect(self, context):
        raw = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
        return context.wrap_socket(raw, server_hostname="127.0.0.1")

    def test_a_websocket_upgrades_over_tls(self):
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        with self.connect(context) as connection:
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            connection.sendall(
                (
                    f"GET /graphql HTTP/1.1\r\nHost: 127.0.0.1:{self.server.port}\r\nUpgrade: websocket\r\n"
                    f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                    "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
                ).encode("ascii")
            )
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = connection.recv(4096)
                self.assertTrue(chunk, "closed during the handshake")
                head += chunk
            text = head.decode("latin-1")
            self.assertTrue(text.startswith("HTTP/1.1 101"), text)
            self.assertIn(f"Sec-WebSocket-Accept: {accept_key(key)}", text)

    def test_a_client_that_verifies_certificates_refuses_it(self):
        with self.assertRaises(ssl.SSLCertVerificationError):
            self.connect(ssl.create_default_context()).close()

    def test_plain_http_gets_no_answer(self):
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=10) as connection:
            connection.sendall(b"GET /control/requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try:
                answer = connection.recv(4096)
            except ConnectionResetError:
                answer = b""
            self.assertFalse(answer.startswith(b"HTTP/"), answer)


if __name__ == "__main__":
    unittest.main()
