"""Checks that the toolchain APIs a package's code uses exist at its declared minimums.

Every reference the build's index store records from the given source folders to a
declaration of the standard library, _Concurrency, _StringProcessing, Synchronization,
Observation or Foundation is looked up in those modules' symbol graphs. A declaration
introduced after the package's minimum on an Apple platform (or unavailable there) must sit
inside an `if #available` / `guard #available` / `@available` that raises that platform to
its introduction; otherwise the reference is printed with its file:line and the check fails.

    check_availability.py --package . --index-store .build/debug/index/store \
        --symbols .build/availability-symbols Packages/Store/Sources ...

The minimums come from `swift package dump-package`; the symbol graphs are extracted once
into --symbols. Exit status: 0 clean, 1 offenders, 2 the check could not run.
"""

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import availability_regions  # noqa: E402
import indexstore  # noqa: E402
import symbol_availability  # noqa: E402

PLATFORM_NAMES = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}


def declared_minimums(package):
    # A scratch path of its own: the package's usual one is locked while it builds.
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(
            ["swift", "package", "--package-path", package, "--scratch-path", scratch, "dump-package"],
            check=True,
            capture_output=True,
            text=True,
        )
    manifest = json.loads(result.stdout)
    minimums = {}
    for entry in manifest.get("platforms") or []:
        name = PLATFORM_NAMES.get(entry.get("platformName"))
        if name:
            minimums[name] = symbol_availability.version(entry["version"])
    missing = [name for name in symbol_availability.PLATFORMS if name not in minimums]
    if missing:
        raise ValueError(f"{package}/Package.swift declares no minimum for {', '.join(missing)}.")
    return minimums


def describe(versions):
    return ", ".join(
        f"{p} " + (symbol_availability.formatted(versions[p]) if versions[p] is not None else "unavailable")
        for p in symbol_availability.PLATFORMS
        if p in versions
    )


def offenders(references, table, minimums):
    """The references whose declaration is later than the minimums and than every
    availability region around them, each with the platforms it is too new for."""
    regions_by_file = {}
    found = []
    for reference in references:
        if reference.path not in regions_by_file:
            with open(reference.path, "rb") as file:
                data = file.read()
            tree = availability_regions.parse_tree(reference.path)
            line_starts = [0] + [index + 1 for index, byte in enumerate(data) if byte == 0x0A]
            regions_by_file[reference.path] = (availability_regions.regions(tree, len(data)), line_starts)
        regions, line_starts = regions_by_file[reference.path]
        if reference.line - 1 >= len(line_starts):
            raise indexstore.IndexStoreError(f"{reference.path}:{reference.line} is past the end of the file.")
        offset = line_starts[reference.line - 1] + reference.column - 1
        raised = availability_regions.guaranteed(regions, offset)
        short = {}
        for name, introduced in table.introduced[reference.usr].items():
            floor = max(minimums[name], raised.get(name, ()), key=symbol_availability.padded)
            if symbol_availability.later(introduced, floor):
                short[name] = introduced
        if short:
            found.append((reference, short))
    return found


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("roots", nargs="+", help="source folders whose references are checked")
    parser.add_argument("--package", required=True, help="the package whose minimums apply")
    parser.add_argument("--index-store", action="append", required=True, help="an index store (repeatable)")
    parser.add_argument("--symbols", required=True, help="where the toolchain's symbol graphs are kept")
    parser.add_argument("--libindexstore", help="libIndexStore.so (default: beside the swiftc on PATH)")
    options = parser.parse_args(arguments)

    swiftc = shutil.which("swiftc")
    library = options.libindexstore or (
        os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "libIndexStore.so")
        if swiftc
        else ""
    )
    try:
        minimums = declared_minimums(options.package)
        symbol_availability.extract(options.symbols, f"{platform.machine()}-unknown-linux-gnu")
        table = symbol_availability.Availability.load(options.symbols)
        wanted = table.late(minimums)
        references, files = [], set()
        for store in options.index_store:
            found, covered = indexstore.references(store, options.roots, wanted, library)
            references.extend(found)
            files |= covered
        if not files:
            raise indexstore.IndexStoreError(f"the index stores cover no file under {', '.join(options.roots)}.")
        found = offenders(sorted(set(references), key=lambda r: (r.path, r.line, r.column)), table, minimums)
    except (OSError, ValueError, RuntimeError, subprocess.CalledProcessError, indexstore.IndexStoreError) as error:
        print(f"availability check could not run: {error}", file=sys.stderr)
        return 2
    for reference, short in found:
        path = os.path.relpath(reference.path)
        name = table.names.get(reference.usr, reference.name)
        print(
            f"{path}:{reference.line}:{reference.column}: {name} is introduced in {describe(short)}, "
            f"after the package's minimums ({describe(minimums)}), and no #available or @available "
            "around this use covers it."
        )
    print(
        f"availability: {len(files)} files, {len(references)} uses of {len(wanted)} APIs newer than "
        f"{describe(minimums)}; {len(found)} outside a matching #available or @available."
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
