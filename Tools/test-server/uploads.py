"""The GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec).

A `multipart/form-data` POST of `operations` (the request's JSON, each file's variable
null), `map` (`{"0": ["variables.file"]}`: which part fills which variables), then one
part per file. The body is read as it streams in, a chunk at a time: each file's size and
SHA-256 are computed on the way and the bytes dropped, so a file of any size never sits in
memory, and its variable becomes `{filename, contentType, size, sha256}`, which the
`uploadFile` and `uploadFiles` mutations answer with.
"""

import hashlib
import json

from graphql_http import ProtocolError, parse_post

CHUNK = 64 * 1024
MAX_UPLOAD_BYTES = 1 << 30
MAX_FIELD_BYTES = 1 << 20


def is_multipart(content_type):
    return (content_type or "").split(";")[0].strip().lower() == "multipart/form-data"


def _boundary(content_type):
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "boundary" and value:
            return value.strip().strip('"').encode("latin-1")
    raise ProtocolError(400, "A multipart/form-data body needs a boundary.")


class _Part:
    """One part as it arrives: a field's bytes kept (up to a limit), a file's measured."""

    def __init__(self, headers):
        disposition = headers.get("content-disposition", "")
        self.name, self.filename = None, None
        for parameter in disposition.split(";")[1:]:
            key, _, value = parameter.strip().partition("=")
            value = value.strip().strip('"')
            if key.strip().lower() == "name":
                self.name = value
            elif key.strip().lower() == "filename":
                self.filename = value
        self.content_type = headers.get("content-type", "application/octet-stream")
        self.kept = bytearray()
        self.digest = hashlib.sha256()
        self.size = 0

    def feed(self, data):
        self.size += len(data)
        if self.filename is None:
            if self.size > MAX_FIELD_BYTES:
                raise ProtocolError(413, f"The '{self.name}' field is over {MAX_FIELD_BYTES} bytes.")
            self.kept += data
        else:
            self.digest.update(data)

    def received(self):
        return {"filename": self.filename, "contentType": self.content_type, "size": self.size,
                "sha256": self.digest.hexdigest()}


def _parts(stream, length, boundary):
    """Yields each part of the body once it has arrived whole (a file's bytes only measured)."""
    delimiter = b"\r\n--" + boundary
    # A line break in front makes the first delimiter look like every other one.
    buffer, left = bytearray(b"\r\n"), length
    part, in_headers = None, False

    def more():
        nonlocal left
        if left <= 0:
            raise ProtocolError(400, "The multipart body ended before its closing delimiter.")
        data = stream.read(min(CHUNK, left))
        if not data:
            raise ProtocolError(400, "The connection closed inside the multipart body.")
        left -= len(data)
        buffer.extend(data)

    while True:
        if part is None:
            while len(buffer) < len(delimiter) + 2:
                more()
            if not buffer.startswith(delimiter):
                raise ProtocolError(400, "The multipart body does not start with its boundary.")
            after = buffer[len(delimiter):len(delimiter) + 2]
            if after == b"--":
                return
            if after != b"\r\n":
                raise ProtocolError(400, "A multipart delimiter is not followed by a line break.")
            del buffer[:len(delimiter) + 2]
            in_headers = True
            part = True
        if in_headers:
            end = buffer.find(b"\r\n\r\n")
            while end < 0:
                if len(buffer) > MAX_FIELD_BYTES:
                    raise ProtocolError(400, "A multipart part's headers are too long.")
                more()
                end = buffer.find(b"\r\n\r\n")
            headers = {}
            for line in bytes(buffer[:end]).decode("utf-8", "replace").split("\r\n"):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            del buffer[:end + 4]
            part, in_headers = _Part(headers), False
        at = buffer.find(delimiter)
        if at >= 0:
            part.feed(bytes(buffer[:at]))
            del buffer[:at]
            yield part
            part = None
            continue
        # Keep what could be the start of a delimiter; the rest is the part's.
        keep = len(delimiter) - 1
        if len(buffer) > keep:
            part.feed(bytes(buffer[:-keep]))
            del buffer[:-keep]
        more()


def _place(operations, path, value):
    target, keys = operations, path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target.get(key)
        if target is None:
            raise ProtocolError(400, f"The map's path '{path}' is not in operations.")
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def read_request(stream, content_type, content_length):
    """The GraphQL request a multipart body carries, its files in their variables, and the
    `operations` text (for the request log)."""
    if content_length is None:
        raise ProtocolError(411, "A multipart request needs a Content-Length.")
    try:
        length = int(content_length)
    except ValueError:
        raise ProtocolError(400, "Content-Length is not a number.") from None
    if length > MAX_UPLOAD_BYTES:
        raise ProtocolError(413, f"Multipart bodies are limited to {MAX_UPLOAD_BYTES} bytes.")
    operations, mapping, files = None, None, {}
    for part in _parts(stream, length, _boundary(content_type)):
        if part.name == "operations":
            operations = bytes(part.kept)
        elif part.name == "map":
            try:
                mapping = json.loads(part.kept)
            except ValueError:
                raise ProtocolError(400, "The 'map' field is not JSON.") from None
        else:
            if operations is None or mapping is None:
                raise ProtocolError(400, "'operations' and 'map' must come before the files.")
            files[part.name] = part.received()
    if operations is None or not isinstance(mapping, dict):
        raise ProtocolError(400, "A multipart request needs 'operations' and 'map' fields.")
    params = json.loads(operations) if operations.strip().startswith(b"{") else None
    if params is None:
        raise ProtocolError(400, "The 'operations' field must be a JSON object.")
    for name, paths in mapping.items():
        if name not in files or not isinstance(paths, list):
            raise ProtocolError(400, f"The map names a file '{name}' that did not arrive.")
        for path in paths:
            try:
                _place(params, path, files[name])
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                raise ProtocolError(400, f"The map's path '{path}' is not in operations.") from None
    return parse_post("application/json", json.dumps(params).encode("utf-8")), operations

