"""Counts the lines of library code that only an Apple platform's compiler sees.

A line is Apple-only when the `#if` / `#elseif` / `#else` branches around it are active on
some Apple platform (macOS, iOS, tvOS, watchOS, visionOS) and inactive on Linux, where the
tests run: `#if canImport(Darwin)`, `#if os(iOS)`, `#if canImport(os)`, and the `#else` of
`#if canImport(Glibc)` alike. Conditions that are not about the platform (`DEBUG`,
`swift(>=6)`, ...) are taken as true on both sides. Blank lines and the directives
themselves do not count.

    apple_only_lines.py [--limit FILE] ROOT...   prints the count and each file's share;
                                                 with --limit, fails when the count is over
                                                 the figure FILE holds.
"""

import argparse
import os
import re
import sys

APPLE_SYSTEMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
# What `canImport` finds on the Linux this is tested on; everything else is taken as an
# Apple framework, except the modules that exist only on other systems.
LINUX_MODULES = {
    "Glibc", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "Dispatch", "Synchronization", "Observation", "Testing", "XCTest", "_Concurrency", "Swift",
}
NOT_ON_APPLE = {"Glibc", "Musl", "FoundationNetworking", "FoundationXML", "WinSDK", "ucrt", "Android", "Bionic", "WASILibc"}


class ConditionError(ValueError):
    pass


def evaluate(condition, system):
    """Whether `condition` (the text after `#if` / `#elseif`) holds on `system`
    ("Linux" or one of APPLE_SYSTEMS)."""
    tokens = re.findall(r"&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*", condition)
    if "".join(tokens) != re.sub(r"\s+", "", condition):
        raise ConditionError(f"cannot read the condition {condition!r}")
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def disjunction():
        value = conjunction()
        while peek() == "||":
            take()
            value = conjunction() or value
        return value

    def conjunction():
        value = unary()
        while peek() == "&&":
            take()
            value = unary() and value
        return value

    def unary():
        token = take() if peek() is not None else None
        if token == "!":
            return not unary()
        if token == "(":
            value = disjunction()
            if peek() != ")":
                raise ConditionError(f"unbalanced parentheses in {condition!r}")
            take()
            return value
        if token is None or token in ("&&", "||", ")"):
            raise ConditionError(f"cannot read the condition {condition!r}")
        return atom(token)

    def atom(token):
        call = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*([^()]*?)\s*\)", token)
        if not call:
            return token != "false"
        name, argument = call.groups()
        if name == "canImport":
            module = argument.split(",")[0].strip()
            if system == "Linux":
                return module in LINUX_MODULES
            return module not in NOT_ON_APPLE
        if name == "os":
            return argument == system or (argument == "Linux" and system == "Linux")
        if name == "targetEnvironment":
            return (argument == "simulator" and system != "Linux") or (argument == "macCatalyst" and system == "iOS")
        return True

    value = disjunction()
    if position != len(tokens):
        raise ConditionError(f"cannot read the condition {condition!r}")
    return value


def apple_only_lines(text, name="<text>"):
    """The 1-based numbers of `text`'s Apple-only lines."""
    systems = ("Linux",) + APPLE_SYSTEMS
    # One entry per open #if: per system, whether the current branch is active and whether
    # an earlier branch was taken.
    stack = []
    found = []

    def active(system):
        return all(frame[system][0] for frame in stack)

    for number, line in enumerate(text.splitlines(), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            keyword, rest = directive.group(1), re.sub(r"//.*$", "", directive.group(2)).strip()
            if keyword == "if":
                stack.append({s: (evaluate(rest, s),) * 2 for s in systems})
            elif not stack:
                raise ConditionError(f"{name}:{number}: #{keyword} without #if")
            elif keyword == "elseif":
                stack[-1] = {s: (not taken and evaluate(rest, s), taken or evaluate(rest, s)) for s, (_, taken) in stack[-1].items()}
            elif keyword == "else":
                stack[-1] = {s: (not taken, True) for s, (_, taken) in stack[-1].items()}
            else:
                stack.pop()
            continue
        if line.strip() and not active("Linux") and any(active(s) for s in APPLE_SYSTEMS):
            found.append(number)
    if stack:
        raise ConditionError(f"{name}: #if without #endif")
    return found


def count(roots):
    """Per Swift file under `roots`, its number of Apple-only lines (files with none left out)."""
    counts = {}
    for root in roots:
        for folder, _, names in os.walk(root):
            for file_name in sorted(names):
                if file_name.endswith(".swift"):
                    path = os.path.join(folder, file_name)
                    with open(path, encoding="utf-8") as file:
                        lines = apple_only_lines(file.read(), path)
                    if lines:
                        counts[path] = len(lines)
    return counts


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("roots", nargs="+")
    parser.add_argument("--limit", help="a file holding the most Apple-only lines allowed")
    options = parser.parse_args(arguments)
    try:
        counts = count(options.roots)
    except ConditionError as error:
        print(f"apple-only lines: {error}", file=sys.stderr)
        return 2
    for path, lines in sorted(counts.items()):
        print(f"  {lines:4} {path}")
    total = sum(counts.values())
    print(f"Apple-only lines in library code: {total} in {len(counts)} files")
    if options.limit:
        with open(options.limit) as file:
            limit = int(file.read().split()[0])
        if total > limit:
            print(f"That is over the {limit} that {options.limit} allows: move the new code behind a seam "
                  "whose Linux side runs the tests here.")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
