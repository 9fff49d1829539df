"""Records a response of the test server as a JSON fixture.

    python record_fixture.py QUERY.graphql OUT.json [--variables JSON] [--operation-name NAME]
        [--on-error NULL|PROPAGATE|HALT] [--control JSON]... [--url http://127.0.0.1:PORT]

Without --url it starts its own server (fresh data), applies each --control
command in order, runs the operation once, and writes the GraphQL response,
pretty-printed, to OUT.json. The HTTP status goes to stderr; the exit status is 0
when the server answered 200.
"""

import argparse
import json
import sys
from urllib.parse import urlsplit

from launcher import ServerProcess


class RunningServer(ServerProcess):
    """A server started elsewhere, reached by its URL."""

    def __init__(self, url):
        super().__init__()
        self.port = urlsplit(url).port

    def __enter__(self):
        return self

    def __exit__(self, *_):
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("query_file")
    parser.add_argument("out")
    parser.add_argument("--variables", type=json.loads, default=None)
    parser.add_argument("--operation-name")
    parser.add_argument("--on-error", choices=("NULL", "PROPAGATE", "HALT"))
    parser.add_argument("--control", type=json.loads, action="append", default=[])
    parser.add_argument("--url", help="use a running server instead of starting one")
    args = parser.parse_args(argv)

    with open(args.query_file, encoding="utf-8") as file:
        query = file.read()
    with RunningServer(args.url) if args.url else ServerProcess() as server:
        for command in args.control:
            status, answer = server.control(command)
            if status != 200:
                print(f"control command failed: {answer}", file=sys.stderr)
                return 1
        status, response = server.graphql(query, args.variables, args.operation_name, args.on_error)
    with open(args.out, "w", encoding="utf-8") as file:
        json.dump(response, file, indent=2, ensure_ascii=False)
        file.write("\n")
    print(f"HTTP {status}: wrote {args.out}", file=sys.stderr)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
