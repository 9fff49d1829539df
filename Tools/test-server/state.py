"""ServerState: everything the server remembers, behind one lock.

The records, the field errors to inject, the links to move on every fetch, the
queued HTTP behaviours (delays; canned, malformed or dropped responses) and the
request counters. The HTTP handler, the resolvers and the control commands all
go through the one instance the server owns; `lock` guards every field.
"""

import collections
import threading
from dataclasses import dataclass, field

from dataset import Dataset
from network_modes import NetworkModes
from live import LiveHub

RECENT_REQUESTS = 100


@dataclass
class Queued:
    """A queued behaviour and how many more requests it applies to (None: all)."""

    value: object
    remaining: int | None


@dataclass
class FieldErrorRule:
    """Where an injected error fires: a record's field, a type's field, or a response path."""

    message: str
    extensions: dict | None
    remaining: int | None
    typename: str | None = None
    record_key: str | None = None
    field: str | None = None
    path: list | None = None

    def matches(self, typename, record_key, field_name, path):
        if self.path is not None:
            return self.path == path
        if self.field != field_name or self.typename != typename:
            return False
        return self.record_key is None or self.record_key == record_key


@dataclass
class Counters:
    total: int = 0
    by_operation_name: dict = field(default_factory=dict)
    recent: collections.deque = field(default_factory=lambda: collections.deque(maxlen=RECENT_REQUESTS))


def take(queue):
    """The head behaviour of `queue`, used once; None when the queue is empty."""
    if not queue:
        return None
    head = queue[0]
    if head.remaining is not None:
        head.remaining -= 1
        if head.remaining <= 0:
            queue.pop(0)
    return head.value


class ServerState:
    def __init__(self, initial_data):
        self.lock = threading.Lock()
        self._initial_data = initial_data
        self.live = LiveHub()
        self.reset()

    def reset(self):
        """Back to data.json, no injected behaviour, counters at zero. Caller holds the lock."""
        self.dataset = Dataset(self._initial_data)
        self.field_errors = []
        self.retarget_on_fetch = {}
        self.delays = []
        self.faults = []
        self.page_faults = []
        self.counters = Counters()
        self.network = NetworkModes()
        self.live.reset()

    def note_request(self, operation_name, entry):
        self.counters.total += 1
        name = operation_name or ""
        self.counters.by_operation_name[name] = self.counters.by_operation_name.get(name, 0) + 1
        self.counters.recent.append(entry)

    def counters_json(self):
        return {
            "total": self.counters.total,
            "byOperationName": dict(self.counters.by_operation_name),
            "recent": list(self.counters.recent),
        }

    def take_delay_ms(self):
        return take(self.delays) or 0

    def take_fault(self):
        return take(self.faults)

    def take_field_error(self, typename, record_key, field_name, path):
        for rule in self.field_errors:
            if rule.matches(typename, record_key, field_name, path):
                if rule.remaining is not None:
                    rule.remaining -= 1
                    if rule.remaining <= 0:
                        self.field_errors.remove(rule)
                return rule
        return None

    def advance_on_fetch(self, record_key, field_name, advanced):
        """Moves a `retargetOnFetch` link to the next record of its cycle, once per execution.

        `advanced` is the execution's set of links already moved, so a query that
        selects the link twice still sees one location.
        """
        cycle = self.retarget_on_fetch.get((record_key, field_name))
        if cycle is None or (record_key, field_name) in advanced:
            return
        advanced.add((record_key, field_name))
        if not cycle:
            cycle = [Dataset.key_of(r) for r in self.dataset.records_of("Location")]
        current = self.dataset.record(record_key)[field_name]
        position = cycle.index(current) + 1 if current in cycle else 0
        self.dataset.set_field(record_key, field_name, cycle[position % len(cycle)])
