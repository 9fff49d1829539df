"""HTTP replies and the faults a control command can put in their place.

A fault either replaces the GraphQL response outright (`Respond`, most of
`Malformed`, `Drop` before the response) or spoils the real one (a truncated or
oversized body, a connection dropped halfway through the body). `needs_execution`
says which: only then does the server execute the operation first.
"""

import http
import json
from dataclasses import dataclass, field

HTML = "text/html; charset=utf-8"
MALFORMED_KINDS = ("notJSON", "truncatedJSON", "html", "notGraphQL", "oversized")
DROP_POINTS = ("beforeResponse", "midBody")


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
        padding = "x" * int(self.megabytes * 1024 * 1024)
        payload = dict(real.payload)
        payload["extensions"] = {**payload.get("extensions", {}), "padding": padding}
        return Delivery(Reply.json(real.status, media_type, payload))


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
