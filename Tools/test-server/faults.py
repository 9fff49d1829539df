"""HTTP replies and the faults a control command can put in their place.

A fault either replaces the GraphQL response outright (`Respond`, `Redirect`, most
of `Malformed`, `Drop` before the response) or spoils the real one (a truncated or
oversized body, a connection dropped halfway through the body). `needs_execution`
says which: only then does the server execute the operation first.
"""

import functools
import http
import json
import struct
import zlib
from dataclasses import dataclass, field

HTML = "text/html; charset=utf-8"
MALFORMED_KINDS = ("notJSON", "truncatedJSON", "html", "notGraphQL", "oversized", "gzipBomb")
DROP_POINTS = ("beforeResponse", "midBody")
REDIRECT_STATUSES = (301, 302, 303, 307, 308)
MEBIBYTE = 1024 * 1024


def _with_charset(media_type):
    return f"{media_type}; charset=utf-8"


@dataclass
class Reply:
    status: int
    content_type: str
    body: bytes
    headers: dict = field(default_factory=dict)
    payload: dict | None = None

    @classmethod
    def json(cls, status, media_type, payload, headers=None):
        body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        return cls(status, _with_charset(media_type), body, headers or {}, payload)


@dataclass(frozen=True)
class Delivery:
    """What to send: a reply (None: close the connection without one), maybe cut after `cut_at` bytes."""

    reply: Reply | None
    cut_at: int | None = None


@functools.cache
def gzip_bomb(megabytes):
    """A gzip body of about `megabytes` KiB that inflates to a JSON object of `megabytes` MiB.

    The padding is deflated one MiB at a time with a full flush after each, which resets
    the compressor's history, so every MiB deflates to the same bytes: the body is made
    from one compressed MiB repeated, without deflating a gigabyte.
    """
    prefix, suffix = b'{"extensions":{"padding":"', b'"}}'
    mebibyte = b"x" * MEBIBYTE
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    head = compressor.compress(prefix) + compressor.flush(zlib.Z_FULL_FLUSH)
    block = compressor.compress(mebibyte) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.compress(suffix) + compressor.flush()
    crc = zlib.crc32(prefix)
    for _ in range(megabytes):
        crc = zlib.crc32(mebibyte, crc)
    crc = zlib.crc32(suffix, crc)
    size = len(prefix) + megabytes * MEBIBYTE + len(suffix)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    trailer = struct.pack("<II", crc, size & 0xFFFFFFFF)
    return header + head + block * megabytes + tail + trailer


def error_page(status):
    try:
        phrase = http.HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    title = f"{status} {phrase}"
    return f"<!DOCTYPE html><html><head><title>{title}</title></head><body><h1>{title}</h1></body></html>"


@dataclass(frozen=True)
class Respond:
    """A canned response: any status, body and headers, without executing the operation."""

    status: int
    body: bytes
    content_type: str | None
    headers: dict
    needs_execution = False

    def deliver(self, real, media_type):
        return Delivery(
            Reply(self.status, self.content_type or _with_charset(media_type), self.body, dict(self.headers))
        )


@dataclass(frozen=True)
class CacheHints:
    """The real response with cache hints: a `Cache-Control: max-age` header and/or
    Apollo Server's `extensions.cacheControl.hints` (`[{path, maxAge}]`)."""

    max_age: int | None
    hints: tuple
    needs_execution = True

    def deliver(self, real, media_type):
        payload = dict(real.payload)
        if self.hints:
            hints = [{"path": list(path), "maxAge": age} for path, age in self.hints]
            payload["extensions"] = {**payload.get("extensions", {}), "cacheControl": {"version": 1, "hints": hints}}
        headers = {} if self.max_age is None else {"Cache-Control": f"max-age={self.max_age}"}
        return Delivery(Reply.json(real.status, media_type, payload, headers))


@dataclass(frozen=True)
class Malformed:
    kind: str
    megabytes: float = 1.0

    @property
    def needs_execution(self):
        return self.kind in ("truncatedJSON", "oversized")

    def deliver(self, real, media_type):
        if self.kind == "notJSON":
            return Delivery(Reply(200, _with_charset(media_type), b"this is not JSON"))
        if self.kind == "html":
            return Delivery(Reply(200, HTML, error_page(200).encode("utf-8")))
        if self.kind == "notGraphQL":
            return Delivery(Reply(200, _with_charset(media_type), b'{"hello":1}'))
        if self.kind == "truncatedJSON":
            return Delivery(Reply(real.status, real.content_type, real.body[: len(real.body) // 2]))
        if self.kind == "gzipBomb":
            body = gzip_bomb(max(1, round(self.megabytes)))
            return Delivery(Reply(200, _with_charset(media_type), body, {"Content-Encoding": "gzip"}))
        padding = "x" * int(self.megabytes * MEBIBYTE)
        payload = dict(real.payload)
        payload["extensions"] = {**payload.get("extensions", {}), "padding": padding}
        return Delivery(Reply.json(real.status, media_type, payload))


@dataclass(frozen=True)
class Redirect:
    """A redirect to `location` (a URL or a path on this server), without executing."""

    status: int
    location: str
    needs_execution = False

    def deliver(self, real, media_type):
        return Delivery(Reply(self.status, "text/plain; charset=utf-8", b"", {"Location": self.location}))


@dataclass(frozen=True)
class Drop:
    when: str

    @property
    def needs_execution(self):
        return self.when == "midBody"

    def deliver(self, real, media_type):
        if self.when == "beforeResponse":
            return Delivery(None)
        return Delivery(real, cut_at=len(real.body) // 2)
