"""Apple availability of the toolchain's own modules, from their symbol graphs.

`swift-symbolgraph-extract` writes each public declaration with its USR ("precise"
identifier) and its `@available` platforms, even for a Linux target. A member is no more
available than the type or extension it sits in, so a symbol's introduction is the latest
along its `memberOf` chain.
"""

import glob
import json
import os
import subprocess

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
# The standard library and the modules that ship with it, and Foundation (swift-foundation
# carries Apple availability; its Linux graph has the same USRs the Linux build references).
MODULES = (
    "Swift",
    "_Concurrency",
    "_StringProcessing",
    "Synchronization",
    "Observation",
    "Foundation",
    "FoundationEssentials",
    "FoundationInternationalization",
)


def formatted(parts):
    """`15.0` for (15, 0, 0): major and minor always, the patch when there is one."""
    shown = list(parts[:2]) + [0] * (2 - len(parts[:2]))
    if len(parts) > 2 and parts[2]:
        shown.append(parts[2])
    return ".".join(map(str, shown))


def version(text):
    return tuple(int(part) for part in str(text).split("."))


def _version_of(entry):
    return (entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0))


def extract(directory, target):
    """Writes the modules' symbol graphs into `directory` unless they are there."""
    stamp = os.path.join(directory, "complete")
    if os.path.exists(stamp):
        return
    os.makedirs(directory, exist_ok=True)
    for module in MODULES:
        subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", target, "-output-dir", directory],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    with open(stamp, "w") as file:
        file.write("\n")


class Availability:
    """Each symbol's name and, per Apple platform, its introduction (None: unavailable)."""

    def __init__(self, graph_files):
        own = {}
        parents = {}
        self.names = {}
        # The members one spelling names: a later overload or protocol requirement beside an
        # older declaration of the same signature (FixedWidthInteger's `&*` became a
        # requirement in Swift 6, beside the extension's operator every release has).
        self.overloads = {}
        for path in graph_files:
            with open(path) as file:
                graph = json.load(file)
            for symbol in graph.get("symbols", []):
                usr = symbol["identifier"]["precise"]
                self.names[usr] = ".".join(symbol.get("pathComponents", [])) or usr
                signature = "".join(fragment.get("spelling", "") for fragment in symbol.get("declarationFragments", []))
                self.overloads.setdefault(f"{self.names[usr]}|{signature}", []).append(usr)
                platforms = {}
                for entry in symbol.get("availability") or []:
                    domain = entry.get("domain")
                    if domain not in PLATFORMS:
                        continue
                    if entry.get("isUnconditionallyUnavailable") or "obsoleted" in entry:
                        platforms[domain] = None
                    elif "introduced" in entry:
                        platforms[domain] = _version_of(entry["introduced"])
                own[usr] = platforms
            for relation in graph.get("relationships", []):
                if relation.get("kind") == "memberOf":
                    parents.setdefault(relation["source"], relation["target"])
        self.introduced = {}
        for usr in own:
            merged = {}
            seen = set()
            current = usr
            while current in own and current not in seen:
                seen.add(current)
                for platform, introduced in own[current].items():
                    if platform not in merged or later(introduced, merged[platform]):
                        merged[platform] = introduced
                current = parents.get(current)
            if merged:
                self.introduced[usr] = merged
        self.alternatives = {}
        for usrs in self.overloads.values():
            for usr in usrs:
                if usr in self.introduced and len(usrs) > 1:
                    self.alternatives[usr] = [other for other in usrs if other != usr]
        del self.overloads

    @classmethod
    def load(cls, directory):
        """The table of `directory`'s graphs, kept beside them in availability.json: the
        graphs are tens of megabytes and the table a few hundred kilobytes."""
        cached = os.path.join(directory, "availability.json")
        table = cls.__new__(cls)
        if os.path.exists(cached):
            with open(cached) as file:
                stored = json.load(file)
            table.names = stored["names"]
            table.alternatives = stored["alternatives"]
            table.introduced = {
                usr: {p: tuple(v) if v is not None else None for p, v in platforms.items()}
                for usr, platforms in stored["introduced"].items()
            }
            return table
        table = cls(sorted(glob.glob(os.path.join(directory, "*.symbols.json"))))
        names = {usr: table.names[usr] for usr in table.introduced}
        with open(cached + ".partial", "w") as file:
            json.dump({"names": names, "introduced": table.introduced, "alternatives": table.alternatives}, file)
        os.replace(cached + ".partial", cached)
        return table

    def late(self, minimums):
        """The USRs introduced after `minimums` (or unavailable) on some platform, and
        without a declaration of the same signature that is not: where there is one, a
        compiler building for the minimums resolves the use to it."""

        def is_late(usr):
            platforms = self.introduced.get(usr, {})
            return any(later(introduced, minimums[p]) for p, introduced in platforms.items() if p in minimums)

        return {
            usr
            for usr in self.introduced
            if is_late(usr) and all(is_late(other) for other in self.alternatives.get(usr, []))
        }


def later(introduced, than):
    """Whether `introduced` comes after `than`; None (unavailable) comes after everything."""
    if introduced is None:
        return than is not None
    if than is None:
        return False
    return padded(introduced) > padded(than)


def padded(parts):
    return tuple(parts) + (0,) * (3 - len(parts))
