#!/usr/bin/env python3
"""Writes the GitHub issues response scaled to 10, 100, 1,000 and 10,000 issues.

    python3 Tools/scale-fixtures.py [--key-fields] SOURCE.json OUT_DIR [COUNT ...]

SOURCE.json is IssuesAndCommentsForRepository.json (100 issues). Each output
OUT_DIR/issues-COUNT.json keeps the response's shape with COUNT issues: fewer
than 100 take the first ones; more repeat all 100, each copy with fresh ids
(every `id` gets the copy's number), so that the users of one copy are records
of their own and the store grows with the response instead of collapsing copies
into the same records. Within a copy, a user met twice stays one record, as in
the real response.

With --key-fields, the repository, every issue and every comment also get the
`id` the compiler adds to the generated operation's selections (key fields), as
GitHub's global ids look (base64 of `0<length>:<Type><number>`): the response
a server sends to the generated query, which `baton-bench fetch` reads.

`baton-bench scale` runs this into a scratch directory; the outputs (up to
~41 MB) never go into the repository.
"""

import base64
import copy
import json
import os
import sys

DEFAULT_COUNTS = [10, 100, 1000, 10000]


def fresh_ids(value, copy_number):
    """`value` with every `id` member suffixed by the copy's number."""
    if isinstance(value, dict):
        result = {}
        for key, member in value.items():
            if key == "id" and isinstance(member, str):
                result[key] = f"{member}:{copy_number}"
            else:
                result[key] = fresh_ids(member, copy_number)
        return result
    if isinstance(value, list):
        return [fresh_ids(item, copy_number) for item in value]
    return value


def with_key_fields(response):
    """`response` with an `id` on the repository, each issue and each comment."""
    numbers = {}

    def keyed(value):
        typename = value["__typename"]
        numbers[typename] = numbers.get(typename, 0) + 1
        name = f"{typename}{656263694 + numbers[typename]}"
        text = f"0{len(typename)}:{name}"
        result = {"__typename": typename, "id": base64.b64encode(text.encode()).decode()}
        result.update((key, member) for key, member in value.items() if key != "__typename")
        return result

    result = copy.deepcopy(response)
    repository = keyed(result["data"]["repository"])
    issues = []
    for issue in repository["issues"]["nodes"]:
        issue = keyed(issue)
        issue["comments"]["nodes"] = [keyed(comment) for comment in issue["comments"]["nodes"]]
        issues.append(issue)
    repository["issues"]["nodes"] = issues
    result["data"]["repository"] = repository
    return result


def scaled(response, count):
    issues = response["data"]["repository"]["issues"]["nodes"]
    if count <= len(issues):
        nodes = issues[:count]
    else:
        nodes = []
        copy_number = 0
        while len(nodes) < count:
            batch = issues if copy_number == 0 else fresh_ids(issues, copy_number)
            nodes.extend(batch[: count - len(nodes)])
            copy_number += 1
    result = copy.deepcopy(response)
    result["data"]["repository"]["issues"]["nodes"] = nodes
    return result


def main(arguments):
    key_fields = bool(arguments) and arguments[0] == "--key-fields"
    if key_fields:
        arguments = arguments[1:]
    if len(arguments) < 2:
        sys.stderr.write("usage: scale-fixtures.py [--key-fields] SOURCE.json OUT_DIR [COUNT ...]\n")
        return 2
    source, out_dir = arguments[0], arguments[1]
    try:
        counts = [int(text) for text in arguments[2:]] or DEFAULT_COUNTS
    except ValueError as error:
        sys.stderr.write(f"scale-fixtures.py: a count is not a number: {error}\n")
        return 2
    try:
        with open(source, encoding="utf-8") as file:
            response = json.load(file)
        if key_fields:
            response = with_key_fields(response)
        issues = response["data"]["repository"]["issues"]["nodes"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        sys.stderr.write(f"scale-fixtures.py: {source} is not the GitHub issues response: {error}\n")
        return 1
    if not issues:
        sys.stderr.write(f"scale-fixtures.py: {source} has no issues to replicate\n")
        return 1
    os.makedirs(out_dir, exist_ok=True)
    for count in counts:
        path = os.path.join(out_dir, f"issues-{count}.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(scaled(response, count), file, ensure_ascii=False, separators=(",", ":"))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
