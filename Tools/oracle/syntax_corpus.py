"""Write the syntax oracle: GraphQL documents and graphql-core's verdict on each.

For every document, graphql-core 3.3.2 either parses it, and we record
`print_ast(parse(text))`, or raises a GraphQLSyntaxError, and we record its message,
line and column. The Swift differential test (DifferentialTests.swift) parses the same
text with GraphQLSyntax and compares.

The corpus: graphql-core's fixtures (kitchen sinks, GitHub's schema, a large query),
documents drawn from the grammar (syntax_grammar.py), mutations of those, and one
hand-written case per error graphql-core can raise (syntax_errors.py). Everything is
drawn from one seeded generator, so a run is reproducible.

Usage: python syntax_corpus.py FIXTURES_DIR OUT_DIR [--seed N] [--valid N] [--invalid N]
Writes OUT_DIR/corpus.json. Tools/test.sh uses the defaults; larger counts and other
seeds make deeper one-off runs of the same differential test.
"""

import argparse
import json
import random
import sys
from pathlib import Path

import graphql
from graphql import GraphQLSyntaxError, parse, print_ast

sys.path.insert(0, str(Path(__file__).parent))
from syntax_errors import HANDWRITTEN, mutate  # noqa: E402
from syntax_grammar import PRINTER_CASES, DocumentGenerator, join_tokens  # noqa: E402

FIXTURES = ["kitchen_sink.graphql", "schema_kitchen_sink.graphql", "github_schema.graphql",
            "large_query.graphql"]
GENERATED_VALID = 2400
FRAGMENT_ARGUMENT_DOCS = 150
MUTATED_INVALID = 900


def verdict(text: str, options: dict) -> dict:
    """graphql-core's answer for one document, in the shape the Swift test reads."""
    try:
        document = parse(
            text,
            no_location=True,
            max_tokens=options.get("maxTokens"),
            experimental_fragment_arguments=options.get("experimentalFragmentArguments", False),
        )
    except GraphQLSyntaxError as error:
        location = error.locations[0] if error.locations else None
        return {"error": {"message": error.message,
                          "line": location.line if location else 0,
                          "column": location.column if location else 0}}
    except RecursionError:
        return {"skip": True}
    return {"printed": print_ast(document)}


def case(name: str, text: str, options: dict) -> dict:
    entry = {"name": name, "source": text}
    if options:
        entry["options"] = options
    entry.update(verdict(text, options))
    return entry


def build(fixtures_dir: Path, seed: int, valid_count: int, invalid_count: int) -> list:
    rng = random.Random(seed)
    cases = []
    for filename in FIXTURES:
        text = (fixtures_dir / filename).read_text(encoding="utf-8")
        cases.append(case(f"fixture/{filename}", text, {}))

    for label, text, options in HANDWRITTEN:
        cases.append(case(f"handwritten/{label}", text, options))
    for label, text in PRINTER_CASES:
        cases.append(case(f"printer/{label}", text, {}))

    # Valid documents from the grammar; the first ones are small, one kind each, so a
    # failure points at one production; later ones mix kinds.
    kinds = ["executable", "type_system", "extension", "mixed"]
    seeds = []
    valid = 0
    attempt = 0
    while valid < valid_count:
        fragment_arguments = attempt < FRAGMENT_ARGUMENT_DOCS * 2 and attempt % 2 == 1
        generator = DocumentGenerator(rng, fragment_arguments=fragment_arguments)
        tokens = generator.document(kinds[attempt % len(kinds)])
        text = join_tokens(rng, tokens)
        options = {"experimentalFragmentArguments": True} if fragment_arguments else {}
        entry = case(f"generated/{attempt:05d}", text, options)
        attempt += 1
        if entry.get("skip"):
            continue
        cases.append(entry)
        if "printed" in entry:
            valid += 1
            seeds.append((tokens, text, options))

    # Invalid documents by mutating valid ones; mutations graphql-core still accepts
    # are kept too, as valid cases.
    invalid = 0
    attempt = 0
    while invalid < invalid_count:
        tokens, text, options = rng.choice(seeds)
        label, mutated = mutate(rng, tokens, text)
        entry = case(f"mutated/{attempt:05d}-{label}", mutated, options)
        attempt += 1
        if entry.get("skip"):
            continue
        cases.append(entry)
        if "error" in entry:
            invalid += 1
    return cases


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("fixtures", type=Path)
    arguments.add_argument("out", type=Path)
    arguments.add_argument("--seed", type=int, default=20251)
    arguments.add_argument("--valid", type=int, default=GENERATED_VALID,
                           help="generated documents graphql-core accepts")
    arguments.add_argument("--invalid", type=int, default=MUTATED_INVALID,
                           help="mutated documents graphql-core rejects")
    options = arguments.parse_args()
    cases = build(options.fixtures, options.seed, options.valid, options.invalid)
    options.out.mkdir(parents=True, exist_ok=True)
    payload = {"graphqlCore": graphql.__version__, "seed": options.seed, "cases": cases}
    path = options.out / "corpus.json"
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=0), encoding="utf-8")
    valid = sum(1 for entry in cases if "printed" in entry)
    print(f"syntax oracle: {len(cases)} documents ({valid} valid, {len(cases) - valid} invalid)"
          f" -> {path}")


if __name__ == "__main__":
    main()
