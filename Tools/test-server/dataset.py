"""The server's records: characters, locations and episodes keyed `Typename:id`.

A record is a dict of field values plus `__typename`. Scalar and enum fields hold
their serialized value; link fields hold a record key, null, or a list of keys.
`Location.residents` and `Episode.characters` are derived from the inverse links,
so moving a character also moves it between residents lists.
"""

import copy
import json

TYPENAMES = ("Character", "Location", "Episode")

# Stored fields per type, as in data.json.
FIELDS = {
    "Character": (
        "id",
        "name",
        "status",
        "species",
        "type",
        "gender",
        "origin",
        "location",
        "image",
        "episodes",
        "created",
    ),
    "Location": ("id", "name", "type", "dimension", "created"),
    "Episode": ("id", "name", "airDate", "code", "created"),
}

# Link fields and the type they point to; lists are marked by the tuple's second item.
LINKS = {
    ("Character", "origin"): ("Location", False),
    ("Character", "location"): ("Location", False),
    ("Character", "episodes"): ("Episode", True),
}

DERIVED = {
    ("Location", "residents"): "location",
    ("Episode", "characters"): "episodes",
}


class DatasetError(ValueError):
    """A control command named a record or field that does not exist, or a bad value."""


def split_key(key):
    """`Character:1` -> (`Character`, `1`), or DatasetError."""
    typename, sep, record_id = key.partition(":") if isinstance(key, str) else ("", "", "")
    if not sep or typename not in TYPENAMES or not record_id:
        raise DatasetError(f"'{key}' is not a record key like 'Character:1' ({', '.join(TYPENAMES)})")
    return typename, record_id


def load_data(path):
    """The contents of a data.json: records by type, plus the `featured` keys."""
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def _links_to(value, key):
    return key in value if isinstance(value, list) else key == value


class Dataset:
    """Records in insertion order, copied from `initial` (which stays untouched).

    Not thread-safe: ServerState's lock guards it.
    """

    def __init__(self, initial):
        initial = copy.deepcopy(initial)
        self._records = {}
        self.featured = initial["featured"]
        for typename in TYPENAMES:
            for fields in initial[typename]:
                self._records[f"{typename}:{fields['id']}"] = {"__typename": typename, **fields}

    def record(self, key):
        return self._records.get(key) if isinstance(key, str) else None

    def records_of(self, typename):
        return [record for record in self._records.values() if record["__typename"] == typename]

    @staticmethod
    def key_of(record):
        return f"{record['__typename']}:{record['id']}"

    def resolve(self, record, field):
        """The value of `field` on `record`, with links followed to records."""
        typename = record["__typename"]
        inverse = DERIVED.get((typename, field))
        if inverse is not None:
            key = self.key_of(record)
            return [other for other in self.records_of("Character") if _links_to(other.get(inverse), key)]
        value = record.get(field)
        if (typename, field) not in LINKS:
            return value
        if isinstance(value, list):
            return [self.record(item) for item in value]
        return self.record(value)

    def set_field(self, key, field, value):
        """Sets a stored field; for a link field the value is a key, null or a list of keys."""
        record = self._existing(key)
        typename = record["__typename"]
        if (typename, field) in DERIVED:
            raise DatasetError(
                f"{typename}.{field} is derived from Character.{DERIVED[(typename, field)]}; set that instead"
            )
        if field == "id" or field not in FIELDS[typename]:
            raise DatasetError(f"{typename} has no settable field '{field}'")
        self._check_link(typename, field, value)
        record[field] = value

    def add_record(self, key, fields):
        typename, record_id = split_key(key)
        if key in self._records:
            raise DatasetError(f"record {key} already exists")
        unknown = sorted(set(fields) - set(FIELDS[typename]))
        if unknown:
            raise DatasetError(f"{typename} has no fields {unknown}")
        record = {"__typename": typename, **{name: None for name in FIELDS[typename]}}
        if typename == "Character":
            record["episodes"] = []
        for name, value in fields.items():
            self._check_link(typename, name, value)
            record[name] = value
        record["id"] = record_id
        self._records[key] = record
        return record

    def remove_record(self, key):
        """Deletes a record. Only characters can go: nothing stored links to one."""
        record = self._existing(key)
        if record["__typename"] != "Character":
            raise DatasetError(f"only characters can be removed, not {key}")
        del self._records[key]
        self.featured = [k for k in self.featured if k != key]

    def next_id(self, typename):
        ids = [int(r["id"]) for r in self.records_of(typename) if r["id"].isdigit()]
        return str(max(ids, default=0) + 1)

    def _existing(self, key):
        split_key(key)
        record = self._records.get(key)
        if record is None:
            raise DatasetError(f"no record {key}")
        return record

    def _check_link(self, typename, field, value):
        link = LINKS.get((typename, field))
        if link is None:
            return
        target, is_list = link
        values = value if is_list and isinstance(value, list) else [value]
        if is_list and not isinstance(value, list):
            raise DatasetError(f"{typename}.{field} takes a list of {target} keys")
        for item in values:
            if item is None and not is_list:
                continue
            if split_key(item)[0] != target or item not in self._records:
                raise DatasetError(f"{typename}.{field} must link to an existing {target}, not '{item}'")
