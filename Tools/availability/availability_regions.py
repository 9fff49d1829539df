"""Where a source file raises its availability, from the compiler's own parse tree.

`swiftc -dump-parse -dump-ast-format json` gives every declaration's `@available`
attributes, every `if`/`guard` condition's `#available` queries, and their byte ranges.
A region is a byte range and the versions it guarantees per platform:
  - a declaration with `@available(P n, ...)`: its whole range;
  - `if #available(P n, ...) { ... }`: the `then` block (not `else`);
  - `guard #available(P n, ...) else { ... }`: the rest of the enclosing block.
A range's end is the first byte of its last token, so a region ending in `}` covers all
that the braces hold.
"""

import json
import subprocess
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Region:
    start: int
    end: int
    versions: dict = field(hash=False)


def parse_tree(path):
    result = subprocess.run(
        ["swiftc", "-dump-parse", "-Xfrontend", "-dump-ast-format", "-Xfrontend", "json", path],
        check=False,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"swiftc -dump-parse {path} failed:\n{result.stderr}")
    return json.loads(result.stdout)


def regions(tree, length):
    """Every availability region of one file's parse tree (`length`: the file's bytes)."""
    found = []
    _walk(tree, length, found)
    return found


def _query_versions(conditions):
    versions = {}
    for condition in conditions or []:
        if isinstance(condition, dict) and condition.get("_kind") == "#available":
            for spec in condition.get("queries", []):
                if spec.get("domain") not in (None, "*") and "version" in spec:
                    versions[spec["domain"]] = _version(spec["version"])
    return versions


def _attribute_versions(attributes):
    versions = {}
    for attribute in attributes or []:
        if isinstance(attribute, dict) and attribute.get("_kind") == "available_attr" and "introduced" in attribute:
            versions[attribute["domainIdentifier"]] = _version(attribute["introduced"])
    return versions


def _version(text):
    return tuple(int(part) for part in str(text).split("."))


def _range(node):
    bounds = node.get("range") if isinstance(node, dict) else None
    return (bounds["start"], bounds["end"]) if isinstance(bounds, dict) else None


def _walk(node, enclosing_end, found):
    if isinstance(node, list):
        for item in node:
            _walk(item, enclosing_end, found)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("_kind")
    bounds = _range(node)
    declared = _attribute_versions(node.get("attrs"))
    if declared and bounds:
        found.append(Region(bounds[0], bounds[1], declared))
    if kind == "if_stmt":
        queried = _query_versions(node.get("conditions"))
        then_bounds = _range(node.get("then_stmt"))
        if queried and then_bounds:
            found.append(Region(then_bounds[0], then_bounds[1], queried))
    # A block's statements: after `guard #available`, the rest of the block is raised.
    for key in ("elements", "items"):
        statements = node.get(key)
        if not isinstance(statements, list):
            continue
        block_end = bounds[1] if bounds else enclosing_end
        for statement in statements:
            if isinstance(statement, dict) and statement.get("_kind") == "guard_stmt":
                queried = _query_versions(statement.get("conditions"))
                guard_bounds = _range(statement)
                if queried and guard_bounds:
                    found.append(Region(guard_bounds[1], block_end, queried))
    for key, value in node.items():
        if isinstance(value, (dict, list)):
            _walk(value, bounds[1] if bounds else enclosing_end, found)


def guaranteed(found, offset):
    """The versions every region holding `offset` guarantees, the highest per platform."""
    versions = {}
    for region in found:
        if region.start <= offset <= region.end:
            for platform, introduced in region.versions.items():
                if platform not in versions or introduced > versions[platform]:
                    versions[platform] = introduced
    return versions
