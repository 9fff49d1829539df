"""A minimal RFC 6455 WebSocket server side on the standard library.

Just what the loopback server needs: the opening handshake on a request that
BaseHTTPRequestHandler has already parsed, text/binary frames (with
continuation), ping/pong, close, and unmasking of client frames. A client
frame that breaks the protocol closes the socket with the matching status code.
"""

import base64
import hashlib
import struct
import threading

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
MAX_MESSAGE_BYTES = 16 * 1024 * 1024

TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


class ConnectionClosed(Exception):
    """The peer closed the connection, or broke the protocol and was closed."""

    def __init__(self, code=1005, reason=""):
        super().__init__(f"WebSocket closed with {code} {reason}".strip())
        self.code = code
        self.reason = reason


def accept_key(key):
    return base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")


def is_upgrade(headers):
    connection = (headers.get("Connection") or "").lower()
    return "upgrade" in [part.strip() for part in connection.split(",")] and \
        (headers.get("Upgrade") or "").lower() == "websocket"


class WebSocket:
    """One server-side connection over a handler's rfile/wfile; send is thread-safe."""

    def __init__(self, rfile, wfile):
        self._rfile = rfile
        self._wfile = wfile
        self._send_lock = threading.Lock()
        self.closed = False

    @staticmethod
    def handshake(handler, subprotocols):
        """Answers the upgrade request; returns the socket and the chosen subprotocol, or None after a 400/426."""
        key = handler.headers.get("Sec-WebSocket-Key")
        if not is_upgrade(handler.headers) or not key or handler.headers.get("Sec-WebSocket-Version") != "13":
            handler.send_response(426, "Upgrade Required")
            handler.send_header("Sec-WebSocket-Version", "13")
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return None, None
        offered = [part.strip() for part in (handler.headers.get("Sec-WebSocket-Protocol") or "").split(",") if part.strip()]
        chosen = next((name for name in offered if name in subprotocols), None)
        if offered and chosen is None:
            handler.send_response(400, "Unsupported subprotocol")
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return None, None
        handler.protocol_version = "HTTP/1.1"
        handler.send_response(101, "Switching Protocols")
        handler.send_header("Upgrade", "websocket")
        handler.send_header("Connection", "Upgrade")
        handler.send_header("Sec-WebSocket-Accept", accept_key(key))
        if chosen:
            handler.send_header("Sec-WebSocket-Protocol", chosen)
        handler.end_headers()
        handler.wfile.flush()
        return WebSocket(handler.rfile, handler.wfile), chosen

    def _read_exactly(self, count):
        data = self._rfile.read(count) if count else b""
        if len(data) != count:
            raise ConnectionClosed(1006, "connection lost")
        return data

    def _read_frame(self):
        first, second = self._read_exactly(2)
        fin, opcode = bool(first & 0x80), first & 0x0F
        if first & 0x70:
            self._fail(1002, "reserved bits set")
        if not second & 0x80:
            self._fail(1002, "client frames must be masked")
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self._read_exactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._read_exactly(8))
        if opcode >= 0x8 and (length > 125 or not fin):
            self._fail(1002, "bad control frame")
        if length > MAX_MESSAGE_BYTES:
            self._fail(1009, "message too big")
        mask = self._read_exactly(4)
        payload = bytearray(self._read_exactly(length))
        for index in range(length):
            payload[index] ^= mask[index % 4]
        return fin, opcode, bytes(payload)

    def _fail(self, code, reason):
        self.close(code, reason)
        raise ConnectionClosed(code, reason)

    def receive(self):
        """The next text message as str (binary as bytes); answers pings; raises ConnectionClosed."""
        parts, kind = [], None
        while True:
            fin, opcode, payload = self._read_frame()
            if opcode == PING:
                self._send_frame(PONG, payload)
                continue
            if opcode == PONG:
                continue
            if opcode == CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                reason = payload[2:].decode("utf-8", errors="replace")
                self.close(code if code != 1005 else 1000)
                raise ConnectionClosed(code, reason)
            if opcode == CONTINUATION:
                if kind is None:
                    self._fail(1002, "continuation without a message")
            elif opcode in (TEXT, BINARY):
                if kind is not None:
                    self._fail(1002, "new message inside a fragmented one")
                kind = opcode
            else:
                self._fail(1002, f"unknown opcode {opcode}")
            parts.append(payload)
            if sum(len(part) for part in parts) > MAX_MESSAGE_BYTES:
                self._fail(1009, "message too big")
            if fin:
                data = b"".join(parts)
                if kind == BINARY:
                    return data
                try:
                    return data.decode("utf-8")
                except UnicodeDecodeError:
                    self._fail(1007, "text frame is not UTF-8")

    def _send_frame(self, opcode, payload):
        header = bytearray([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header.append(length)
        elif length < 1 << 16:
            header.append(126)
            header += struct.pack("!H", length)
        else:
            header.append(127)
            header += struct.pack("!Q", length)
        with self._send_lock:
            if self.closed and opcode != CLOSE:
                raise ConnectionClosed(1006, "already closed")
            try:
                self._wfile.write(bytes(header) + payload)
                self._wfile.flush()
            except OSError:
                self.closed = True
                raise ConnectionClosed(1006, "connection lost") from None

    def send_text(self, text):
        self._send_frame(TEXT, text.encode("utf-8"))

    def ping(self, payload=b""):
        self._send_frame(PING, payload)

    def close(self, code=1000, reason=""):
        """Sends a close frame once; errors are ignored (the peer may be gone)."""
        if self.closed:
            return
        try:
            self._send_frame(CLOSE, struct.pack("!H", code) + reason.encode("utf-8")[:123])
        except ConnectionClosed:
            pass
        self.closed = True
