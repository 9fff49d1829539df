"""A Relay-style connection over characters, the mutations that add and delete one, page faults.

`charactersConnection(first:after:last:before:filter:)` lists characters in id order
(numeric ids first, by value). A cursor names a character (`base64("Character:<id>")`),
not a position, so it stays valid when characters are added or deleted: `after: X`
means "the characters sorting after X", whether or not X still exists. The arguments
follow the Relay cursor connections specification's algorithm: cut by `after`/`before`,
then take the `first` from the start, then the `last` from the end. `hasNextPage` and
`hasPreviousPage` say whether edges were left out on that side; the specification lets
a server answer `false` for the side it was not asked about, this one always tells.

A page fault (the `pageFault` control command) makes the request that asks for a
matching page answer with an HTTP error status instead of a body, so a client sees
one page fail while the pages before and after it load.
"""

import base64
import binascii
import bisect
from dataclasses import dataclass

from graphql import GraphQLError

import resolvers
from dataset import DatasetError

CURSOR_PREFIX = "Character:"
# The SWAPI schema's connections (swapi.py) take page faults too.
CONNECTION_FIELDS = ("charactersConnection", "allPeople", "characterConnection")


class PageFault(Exception):
    """Raised by a connection resolver for a faulted page; the server answers with `status`."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class PageFaultRule:
    """Which page fails: `after`/`before` compared when given (None matches a request without it)."""

    field: str
    status: int
    message: str
    remaining: int | None
    after: object = ...
    before: object = ...

    def matches(self, field_name, after, before):
        if field_name != self.field:
            return False
        return (self.after is ... or self.after == after) and (self.before is ... or self.before == before)


def encode_cursor(record):
    return base64.b64encode(f"{CURSOR_PREFIX}{record['id']}".encode()).decode("ascii")


def _decode_cursor(cursor):
    try:
        text = base64.b64decode(cursor.encode("ascii"), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        text = ""
    if not text.startswith(CURSOR_PREFIX) or len(text) == len(CURSOR_PREFIX):
        raise GraphQLError(f"'{cursor}' is not a cursor of this connection.")
    return text[len(CURSOR_PREFIX) :]


def _order(record_id):
    """Sort key: numeric ids by value, then any others by text."""
    return (0, int(record_id), "") if record_id.isdigit() else (1, 0, record_id)


def _edge(record):
    return {"cursor": encode_cursor(record), "node": record}


def take_page_fault(state, field_name, after, before):
    for rule in state.page_faults:
        if rule.matches(field_name, after, before):
            if rule.remaining is not None:
                rule.remaining -= 1
                if rule.remaining <= 0:
                    state.page_faults.remove(rule)
            return rule
    return None


def _characters_connection(_root, info, first=None, after=None, last=None, before=None, filter=None):
    state = info.context.state
    fault = take_page_fault(state, info.field_name, after, before)
    if fault is not None:
        raise PageFault(fault.status, fault.message)
    for name, count in (("first", first), ("last", last)):
        if count is not None and count < 0:
            raise GraphQLError(f"'{name}' must not be negative, got {count}.")
    matching = sorted(
        (r for r in state.dataset.records_of("Character") if resolvers.matches(r, filter)),
        key=lambda r: _order(r["id"]),
    )
    orders = [_order(r["id"]) for r in matching]
    low, high = 0, len(matching)
    if after is not None:
        low = bisect.bisect_right(orders, _order(_decode_cursor(after)))
    if before is not None:
        high = max(bisect.bisect_left(orders, _order(_decode_cursor(before))), low)
    if first is not None:
        high = min(high, low + first)
    if last is not None:
        low = max(low, high - last)
    window = matching[low:high]
    has_previous, has_next = low > 0, high < len(matching)
    edges = [_edge(r) for r in window]
    return {
        "edges": edges,
        "pageInfo": {
            "hasNextPage": has_next,
            "hasPreviousPage": has_previous,
            "startCursor": edges[0]["cursor"] if edges else None,
            "endCursor": edges[-1]["cursor"] if edges else None,
        },
        "totalCount": len(matching),
    }


def _add_character(_root, info, input):
    dataset = info.context.state.dataset
    key = f"Character:{dataset.next_id('Character')}"
    fields = {
        "name": input["name"],
        "species": input["species"],
        "status": input["status"],
        "gender": input["gender"],
        "image": "https://rickandmortyapi.com/api/character/avatar/19.jpeg",
        "created": resolvers.CREATED_AT,
    }
    record = dataset.add_record(key, fields)
    return {"characterEdge": _edge(record), "character": record}


def _delete_character(_root, info, id):
    try:
        info.context.state.dataset.remove_record(f"Character:{id}")
    except DatasetError:
        raise GraphQLError(f"No character with id '{id}'.") from None
    return {"deletedId": id}


QUERY_RESOLVERS = {"charactersConnection": _characters_connection}
MUTATION_RESOLVERS = {"addCharacter": _add_character, "deleteCharacter": _delete_character}


def page_fault_command(state, _schema, command, error_type, count):
    """`{"command": "pageFault", "after": "<cursor>", "status": 500, "count": 1}`; see README.md."""
    field_name = command.get("connection", CONNECTION_FIELDS[0])
    if field_name not in CONNECTION_FIELDS:
        raise error_type(f"connection must be one of {', '.join(CONNECTION_FIELDS)}, not {field_name!r}")
    status = command.get("status", 500)
    if not isinstance(status, int) or isinstance(status, bool) or not 400 <= status <= 599:
        raise error_type(f"status must be an HTTP error status 400...599, not {status!r}")
    message = command.get("message", f"page failed with HTTP {status}")
    if not isinstance(message, str):
        raise error_type("message must be a string")
    rule = PageFaultRule(field_name, status, message, count)
    for name in ("after", "before"):
        if name in command:
            value = command[name]
            if value is not None and not isinstance(value, str):
                raise error_type(f"{name} must be a cursor string or null")
            setattr(rule, name, value)
    state.page_faults.append(rule)


def page_fault_in(result):
    """The PageFault a connection resolver raised during `result`'s execution, if any."""
    for error in result.errors or ():
        if isinstance(error.original_error, PageFault):
            return error.original_error
    return None
