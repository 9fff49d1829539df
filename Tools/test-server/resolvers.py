"""The executable schema: schema.graphql with resolvers over the server's Dataset.

Resolvers read and write `ServerState.dataset` through the execution's context
(a RequestContext); execution runs with the state's lock held, so one
operation sees one consistent dataset. A middleware raises the field errors that
control commands inject, before the field's own resolver runs.
"""

import math
from dataclasses import dataclass, field

from graphql import GraphQLError, build_schema

import connections
import live_resolvers
from dataset import Dataset, DatasetError

PAGE_SIZE = 20
RECORD_TYPES = ("Character", "Location", "Episode")
ENUM_FILTERS = ("status", "gender")
# Fixed so that responses involving a created episode can be compared with recorded ones.
CREATED_AT = "2026-01-01T00:00:00.000Z"


@dataclass
class RequestContext:
    """Per-execution context: the state, and the links already moved by `retargetOnFetch`."""

    state: object
    advanced: set = field(default_factory=set)


def build_executable_schema(sdl):
    schema = build_schema(sdl)
    for typename in RECORD_TYPES:
        for graphql_field in schema.type_map[typename].fields.values():
            graphql_field.resolve = resolve_record_field
    roots = (
        ("Query", {**QUERY_RESOLVERS, **connections.QUERY_RESOLVERS}),
        ("Mutation", {**MUTATION_RESOLVERS, **connections.MUTATION_RESOLVERS}),
    )
    for root, resolvers in roots:
        for name, graphql_field in schema.type_map[root].fields.items():
            graphql_field.resolve = resolvers[name]
    live_resolvers.attach(schema)
    return schema


def inject_field_errors(next_resolver, source, info, **args):
    """Middleware: raises an injected field error where a control command asked for one."""
    record_key = Dataset.key_of(source) if isinstance(source, dict) and "__typename" in source else None
    rule = info.context.state.take_field_error(info.parent_type.name, record_key, info.field_name, info.path.as_list())
    if rule is not None:
        raise GraphQLError(rule.message, extensions=rule.extensions)
    return next_resolver(source, info, **args)


def resolve_record_field(record, info):
    state = info.context.state
    state.advance_on_fetch(Dataset.key_of(record), info.field_name, info.context.advanced)
    return state.dataset.resolve(record, info.field_name)


def _dataset(info):
    return info.context.state.dataset


def _by_id(typename):
    return lambda _root, info, id: _dataset(info).record(f"{typename}:{id}")


def _by_ids(typename):
    return lambda _root, info, ids: [_dataset(info).record(f"{typename}:{i}") for i in ids]


def matches(record, filter_values):
    for name, wanted in (filter_values or {}).items():
        if wanted is None:
            continue
        value = record.get(name)
        if value is None:
            return False
        if value != wanted if name in ENUM_FILTERS else wanted.lower() not in value.lower():
            return False
    return True


def _page(typename):
    def resolve(_root, info, page, filter=None):
        if page is None or page < 1:
            raise GraphQLError(f"page must be 1 or more, got {page}")
        matching = [r for r in _dataset(info).records_of(typename) if matches(r, filter)]
        pages = math.ceil(len(matching) / PAGE_SIZE)
        start = (page - 1) * PAGE_SIZE
        return {
            "info": {
                "count": len(matching),
                "pages": pages,
                "next": page + 1 if page < pages else None,
                "prev": page - 1 if page > 1 else None,
            },
            "results": matching[start : start + PAGE_SIZE],
        }

    return resolve


def _search(_root, info, text, first):
    dataset = _dataset(info)
    found = [
        record
        for typename in RECORD_TYPES
        for record in dataset.records_of(typename)
        if text.lower() in (record["name"] or "").lower()
    ]
    return found[: max(first or 0, 0)]


def _featured(_root, info):
    dataset = _dataset(info)
    return [dataset.record(key) for key in dataset.featured]


def _update_character_name(_root, info, id, name):
    key = f"Character:{id}"
    try:
        _dataset(info).set_field(key, "name", name)
    except DatasetError:
        raise GraphQLError(f"No character with id '{id}'.") from None
    info.context.state.live.publish(key)
    return _dataset(info).record(key)


def _create_episode(_root, info, input):
    dataset = _dataset(info)
    characters = [f"Character:{i}" for i in input["characterIds"]]
    for key in characters:
        if dataset.record(key) is None:
            raise GraphQLError(f"No character with id '{key.partition(':')[2]}'.")
    key = f"Episode:{dataset.next_id('Episode')}"
    fields = {name: input[name] for name in ("name", "airDate", "code")}
    record = dataset.add_record(key, {**fields, "created": CREATED_AT})
    for character in characters:
        dataset.set_field(character, "episodes", [*dataset.record(character)["episodes"], key])
    return record


QUERY_RESOLVERS = {
    "character": _by_id("Character"),
    "characters": _page("Character"),
    "charactersByIds": _by_ids("Character"),
    "location": _by_id("Location"),
    "locations": _page("Location"),
    "locationsByIds": _by_ids("Location"),
    "episode": _by_id("Episode"),
    "episodes": _page("Episode"),
    "episodesByIds": _by_ids("Episode"),
    "search": _search,
    "featured": _featured,
}

MUTATION_RESOLVERS = {
    "updateCharacterName": _update_character_name,
    "createEpisode": _create_episode,
    # uploads.py has put what arrived of each file in its variable.
    "uploadFile": lambda _root, _info, file: file,
    "uploadFiles": lambda _root, _info, files, cover=None: files + ([cover] if cover else []),
}
