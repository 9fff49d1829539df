"""Expected SDL for `baton schema`, from graphql-core 3.3.2.

For each case it writes into OUT_DIR (default .cache/oracle/schema):
  NAME.json      an introspection result
  NAME.graphql   print_schema(build_client_schema(that result)), graphql-core's output
  NAME.sdl.graphql  print_schema(build_schema(SDL)) for our SDL fixtures and GitHub's SDL
Cases: graphql-core's github_schema.json fixture, and introspection results that
graphql-core produces from our SDL fixtures (Packages/Codegen/Tests/.../Fixtures).

Usage: .venv/bin/python Tools/oracle/schema_oracle.py [OUT_DIR]
"""

import json
import sys
from pathlib import Path

from graphql import (
    build_client_schema,
    build_schema,
    introspection_from_schema,
    print_schema,
)

ROOT = Path(__file__).resolve().parents[2]
SDIST_FIXTURES = ROOT / ".cache/graphql_core-3.3.2/tests/fixtures"
OUR_FIXTURES = ROOT / "Packages/Codegen/Tests/BatonCodegenTests/Fixtures"


SDL_CASES = {
    "all_kinds": OUR_FIXTURES / "all_kinds.graphql",
    "starwars": OUR_FIXTURES / "starwars.graphql",
    "extensions": OUR_FIXTURES / "extensions.graphql",
    "github": SDIST_FIXTURES / "github_schema.graphql",
}


def introspections():
    github = json.loads((SDIST_FIXTURES / "github_schema.json").read_text())
    yield "github", github
    for name in ("all_kinds", "starwars"):
        schema = build_schema((OUR_FIXTURES / f"{name}.graphql").read_text())
        yield name, {"data": introspection_from_schema(schema)}


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".cache/oracle/schema"
    out.mkdir(parents=True, exist_ok=True)
    for name, result in introspections():
        (out / f"{name}.json").write_text(json.dumps(result, indent=1))
        data = result.get("data", result)
        (out / f"{name}.graphql").write_text(print_schema(build_client_schema(data)))
        print(f"schema_oracle: {name}")
    for name, path in SDL_CASES.items():
        (out / f"{name}.sdl.graphql").write_text(print_schema(build_schema(path.read_text())))
        print(f"schema_oracle: {name} (from SDL)")


if __name__ == "__main__":
    main()
