"""Apollo's 2022 incremental-delivery format (`deferSpec=20220824`), made from graphql-core's.

Apollo Router and Apollo Server (on graphql-js 17.0.0-alpha.2) answer `@defer` and `@stream`
this way: an initial `{data, errors?, hasNext}` with no `pending`, then
`{incremental: [...], hasNext}` whose entries carry the `path` and `label` of their part:
`{data, path, label?, errors?}` for a deferred fragment (`data: null` when it failed as a
whole) and `{items, path, label?, errors?}` for a stream, the path ending in the index of
the first item (`items: null` when the stream failed). Nothing says when a stream ends but
the last `hasNext: false`.

`DeferSpec20220824` rewrites graphql-core's results as graphql-js's legacy transform does:
it keeps the data merged so far; a stream's items go out as they come; a deferred fragment
goes out whole when graphql-core completes it, its fields read from the merged data (the
current format sends a field two parts share once, the 2022 one with each part).
"""

from graphql.language import FieldNode, FragmentDefinitionNode, FragmentSpreadNode, InlineFragmentNode

# The formats `incrementalFormat` chooses between, the current one first.
FORMATS = ("pendingAndCompleted", "deferSpec20220824")
CONTENT_TYPE = 'multipart/mixed;boundary="graphql";deferSpec=20220824'
BOUNDARY = b"graphql"


class DeferSpec20220824:
    def __init__(self, document):
        self._fields = _deferred_fields(document)
        self._pending = {}  # id -> pending entry (id, path, label)
        self._errors = {}  # id -> field errors of its data entries
        self._merged = None

    def initial(self, result):
        self._merged = result.get("data")
        self._note(result)
        return {key: value for key, value in result.items() if key != "pending"}

    def subsequent(self, result):
        self._note(result)
        incremental = []
        for entry in result.get("incremental", []):
            announced = self._pending[entry["id"]]
            path = announced["path"] + entry.get("subPath", [])
            target = _at(self._merged, path)
            if "items" in entry:
                start = len(target)
                target.extend(entry["items"])
                incremental.append(_labelled({"items": entry["items"], "path": path + [start]}, announced, entry))
            else:
                target.update(entry["data"])
                self._errors.setdefault(entry["id"], []).extend(entry.get("errors", []))
        for done in result.get("completed", []):
            announced = self._pending.pop(done["id"])
            target = _at(self._merged, announced["path"])
            errors = self._errors.pop(done["id"], [])
            if isinstance(target, list):
                if "errors" in done:
                    incremental.append({"items": None, "errors": done["errors"], "path": announced["path"] + [len(target)]})
                continue
            if "errors" in done:
                entry = {"data": None, "errors": done["errors"], "path": announced["path"]}
            else:
                keys = self._fields.get(announced.get("label"))
                data = {key: value for key, value in (target or {}).items() if keys is None or key in keys}
                entry = {"data": data, "path": announced["path"], **({"errors": errors} if errors else {})}
            incremental.append(_labelled(entry, announced, {}))
        formatted = {"incremental": incremental} if incremental else {}
        formatted["hasNext"] = result["hasNext"]
        return formatted

    def _note(self, result):
        for announced in result.get("pending", []):
            self._pending[announced["id"]] = announced


def _labelled(entry, announced, source):
    if source.get("errors"):
        entry["errors"] = source["errors"]
    if announced.get("label") is not None:
        entry["label"] = announced["label"]
    return entry


def _at(data, path):
    for step in path:
        data = data[step]
    return data


def _deferred_fields(document):
    """label -> the response keys a labelled deferred fragment selects at its own level."""
    fragments = {node.name.value: node for node in document.definitions if isinstance(node, FragmentDefinitionNode)}
    found = {}

    def keys(selection_set, seen):
        result = set()
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                result.add((selection.alias or selection.name).value)
            elif isinstance(selection, InlineFragmentNode) and not _label(selection):
                result |= keys(selection.selection_set, seen)
            elif isinstance(selection, FragmentSpreadNode) and not _label(selection):
                name = selection.name.value
                if name in fragments and name not in seen:
                    result |= keys(fragments[name].selection_set, seen | {name})
        return result

    def walk(node, seen):
        for selection in getattr(getattr(node, "selection_set", None), "selections", None) or []:
            label = _label(selection)
            if isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                if name in fragments and name not in seen:
                    if label:
                        found[label] = keys(fragments[name].selection_set, {name})
                    walk(fragments[name], seen | {name})
                continue
            if label:
                found[label] = keys(selection.selection_set, seen)
            walk(selection, seen)

    for definition in document.definitions:
        walk(definition, set())
    return found


def _label(selection):
    for directive in getattr(selection, "directives", None) or []:
        if directive.name.value == "defer":
            for argument in directive.arguments:
                if argument.name.value == "label" and hasattr(argument.value, "value"):
                    return argument.value.value
            return None
    return None
