"""The `--schema swapi` mode: a small Star Wars API (swapi/schema.graphql, swapi/data.json).

A second schema of its own shape (root type `Root`, ids unique across types, `node(id:)`),
so that a client is tested against more than the Rick and Morty schema. The data never
changes; requests, delays, HTTP faults and page faults go through the same ServerState as
the default schema's. `allPeople` and `Film.characterConnection` are Relay connections:
a cursor names a person (`base64("Person:<id>")`), cut by `after`/`before`, then `first`
from the start and `last` from the end, as connections.py does.
"""

import base64
import binascii
import json
import os

from graphql import GraphQLError, build_schema

import connections

HERE = os.path.dirname(os.path.abspath(__file__))
CURSOR_PREFIX = "Person:"
CONNECTION_FIELDS = ("allPeople", "characterConnection")


def load(folder=os.path.join(HERE, "swapi")):
    """The executable schema over the data in `folder`."""
    with open(os.path.join(folder, "data.json"), encoding="utf-8") as file:
        data = json.load(file)
    with open(os.path.join(folder, "schema.graphql"), encoding="utf-8") as file:
        schema = build_schema(file.read())
    records = _link(data)
    root = schema.type_map["Root"].fields
    people = [record for record in records.values() if record["__typename"] == "Person"]
    root["allPeople"].resolve = lambda _root, info, **page: _page(info, people, **page)
    root["allFilms"].resolve = lambda *_: [r for r in records.values() if r["__typename"] == "Film"]
    root["allPlanets"].resolve = lambda *_: [r for r in records.values() if r["__typename"] == "Planet"]
    for name, typename in (("person", "Person"), ("film", "Film"), ("planet", "Planet")):
        root[name].resolve = _by_id(records, typename)
    root["node"].resolve = lambda _root, _info, id: records.get(id)
    schema.type_map["Film"].fields["characterConnection"].resolve = lambda film, info, **page: _page(
        info, film["characters"], **page
    )
    return schema


def _by_id(records, typename):
    def resolve(_root, _info, id):
        record = records.get(id)
        return record if record is not None and record["__typename"] == typename else None

    return resolve


def _link(data):
    """Records by id, links followed: a person's `homeworld` and `films` are the records,
    and each film lists its characters in id order."""
    records = {}
    for key, typename in (("planets", "Planet"), ("films", "Film"), ("people", "Person")):
        for fields in data[key]:
            records[fields["id"]] = {"__typename": typename, **fields}
    for record in records.values():
        if record["__typename"] == "Film":
            record["characters"] = []
    for person in (r for r in records.values() if r["__typename"] == "Person"):
        person["homeworld"] = records.get(person["homeworld"])
        person["films"] = [records[film] for film in person["films"]]
        for film in person["films"]:
            film["characters"].append(person)
    return records


def _cursor(record):
    return base64.b64encode(f"{CURSOR_PREFIX}{record['id']}".encode()).decode("ascii")


def _position(records, cursor):
    try:
        text = base64.b64decode(cursor.encode("ascii"), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        text = ""
    ids = [record["id"] for record in records]
    if not text.startswith(CURSOR_PREFIX) or text[len(CURSOR_PREFIX) :] not in ids:
        raise GraphQLError(f"'{cursor}' is not a cursor of this connection.")
    return ids.index(text[len(CURSOR_PREFIX) :])


def _page(info, records, first=None, after=None, last=None, before=None):
    fault = connections.take_page_fault(info.context.state, info.field_name, after, before)
    if fault is not None:
        raise connections.PageFault(fault.status, fault.message)
    for name, count in (("first", first), ("last", last)):
        if count is not None and count < 0:
            raise GraphQLError(f"'{name}' must not be negative, got {count}.")
    low, high = 0, len(records)
    if after is not None:
        low = _position(records, after) + 1
    if before is not None:
        high = max(_position(records, before), low)
    if first is not None:
        high = min(high, low + first)
    if last is not None:
        low = max(low, high - last)
    edges = [{"cursor": _cursor(record), "node": record} for record in records[low:high]]
    return {
        "edges": edges,
        "pageInfo": {
            "hasNextPage": high < len(records),
            "hasPreviousPage": low > 0,
            "startCursor": edges[0]["cursor"] if edges else None,
            "endCursor": edges[-1]["cursor"] if edges else None,
        },
        "totalCount": len(records),
    }
