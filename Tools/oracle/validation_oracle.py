"""Executable documents and graphql-core 3.3.2's validation errors for them.

Writes OUT_DIR/cases.json (default .cache/oracle/validation): a list of
  {"name", "schema", "document", "errors": [{"message", "locations": [[line, column]]}]}
where "schema" names one of:
  all_kinds  Packages/Codegen/Tests/BatonCodegenTests/Fixtures/all_kinds.graphql
  starwars   Packages/Codegen/Tests/BatonCodegenTests/Fixtures/starwars.graphql
  github     .cache/graphql_core-3.3.2/tests/fixtures/github_schema.graphql

Documents are hand-written cases for every rule, plus seeded random valid operations
against each schema and mutations of them (each mutation aimed at one rule). A document
is "valid" iff graphql-core reports no error; the Swift test checks that Baton agrees and
that the (line, column) set of its errors equals graphql-core's.

Usage: .venv/bin/python Tools/oracle/validation_oracle.py [OUT_DIR] [--seed N]
"""

import json
import random
import sys
from pathlib import Path

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLUnionType,
    build_schema,
    get_named_type,
    parse,
    validate,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILES = {
    "all_kinds": ROOT / "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/all_kinds.graphql",
    "starwars": ROOT / "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/starwars.graphql",
    "github": ROOT / ".cache/graphql_core-3.3.2/tests/fixtures/github_schema.graphql",
}

# Hand-written documents: every specified rule fails at least once, most several ways.
HAND_WRITTEN = {
    "starwars": [
        # ExecutableDefinitions
        "{ allFilms { totalCount } } type Extra { a: Int }",
        "{ allFilms { totalCount } } schema { query: Root }",
        # KnownOperationTypes
        "mutation { allFilms { totalCount } }",
        "subscription S { allFilms { totalCount } }",
        # UniqueOperationNames
        "query A { allFilms { totalCount } } query A { node(id: 1) { id } }",
        # LoneAnonymousOperation
        "{ allFilms { totalCount } } query B { node(id: 1) { id } }",
        "{ a: allFilms { totalCount } } { b: allFilms { totalCount } }",
        # KnownTypeNames
        "query Q($a: Strin) { node(id: $a) { id } }",
        "{ node(id: 1) { ... on Flim { title } } }",
        "fragment F on Persn { name } { node(id: 1) { ...F } }",
        # FragmentsOnCompositeTypes
        "{ node(id: 1) { ... on String { id } } }",
        "fragment F on Int { a } { node(id: 1) { ...F } }",
        # VariablesAreInputTypes
        "query Q($a: Film) { node(id: 1) { id } }",
        "query Q($a: [PageInfo!]!) { node(id: 1) { id } }",
        # ScalarLeafs
        "{ allFilms }",
        "{ allFilms { totalCount { x } } }",
        "{ film(id: 1) { title { length } director } }",
        # FieldsOnCorrectType
        "{ allFilms { totalCnt } }",
        "{ node(id: 1) { title } }",
        "{ node(id: 1) { ... on Film { name } } }",
        "{ film(id: 1) { __typename __schema { types { name } } } }",
        # UniqueFragmentNames
        "{ node(id: 1) { ...F } } fragment F on Node { id } fragment F on Node { id }",
        # KnownFragmentNames
        "{ node(id: 1) { ...Missing } }",
        # NoUnusedFragments
        "{ node(id: 1) { id } } fragment Unused on Node { id }",
        # PossibleFragmentSpreads
        "{ film(id: 1) { ... on Person { name } } }",
        "{ film(id: 1) { ...P } } fragment P on Person { name }",
        "{ node(id: 1) { ... on PageInfo { hasNextPage } } }",
        # NoFragmentCycles
        "{ node(id: 1) { ...A } } fragment A on Node { ...B } fragment B on Node { ...A }",
        "{ node(id: 1) { ...A } } fragment A on Node { ...A }",
        "{ node(id: 1) { ...A } } fragment A on Node { ...B } fragment B on Node { ...C } fragment C on Node { ...A ...B }",
        # UniqueVariableNames
        "query Q($a: ID, $a: ID) { node(id: $a) { id } }",
        # NoUndefinedVariables
        "query Q { node(id: $id) { id } }",
        "{ node(id: $id) { id } }",
        "query Q { node(id: 1) { ...F } } fragment F on Node { ... on Film { characterConnection(first: $n) { totalCount } } }",
        # NoUnusedVariables
        "query Q($unused: Int) { node(id: 1) { id } }",
        "query ($unused: Int) { node(id: 1) { id } }",
        # KnownDirectives
        "{ node(id: 1) @unknown { id } }",
        "query Q @include(if: true) { node(id: 1) { id } }",
        "{ node(id: 1) { id @deprecated } }",
        "query Q($a: Int @skip(if: true)) { allFilms(first: $a) { totalCount } }",
        # UniqueDirectivesPerLocation
        "{ node(id: 1) { id @skip(if: true) @skip(if: false) } }",
        "query Q($c: Boolean!) { node(id: 1) @include(if: $c) @include(if: $c) { id } }",
        # KnownArgumentNames
        "{ allFilms(frist: 1) { totalCount } }",
        "{ node(id: 1) { id @skip(iff: true) } }",
        "{ film(filmId: 1) { title } }",
        # UniqueArgumentNames
        "{ allFilms(first: 1, first: 2) { totalCount } }",
        "{ node(id: 1) { id @include(if: true, if: false) } }",
        # ValuesOfCorrectType
        "{ allFilms(first: \"ten\") { totalCount } }",
        "{ allFilms(first: 1.5) { totalCount } }",
        "{ allFilms(first: 3000000000) { totalCount } }",
        "{ allFilms(after: 10) { totalCount } }",
        "{ node(id: 1.5) { id } }",
        "{ node(id: null) { id } }",
        "{ node(id: true) { id } }",
        "{ node(id: [1]) { id } }",
        "{ node(id: {a: 1}) { id } }",
        "{ node(id: 1) { id @include(if: \"yes\") } }",
        "{ node(id: 1) { id @include(if: null) } }",
        "{ node(id: 1) { id @include(if: ENUM) } }",
        "query Q($n: Int = \"x\") { allFilms(first: $n) { totalCount } }",
        "query Q($b: Boolean! = 1) { node(id: 1) { id @skip(if: $b) } }",
        # ProvidedRequiredArguments
        "{ node { id } }",
        "{ node(id: 1) { id @skip } }",
        "{ node(id: 1) { id @include } }",
        "{ __type { name } }",
        # VariablesInAllowedPosition
        "query Q($id: ID) { node(id: $id) { id } }",
        "query Q($n: String) { allFilms(first: $n) { totalCount } }",
        "query Q($b: Boolean) { node(id: 1) { id @skip(if: $b) } }",
        "query Q($n: [Int]) { allFilms(first: $n) { totalCount } }",
        "query Q($id: ID) { node(id: 1) { ...F } } fragment F on Node { ... on Film { planetConnection(after: $id) { totalCount } } }",
        # OverlappingFieldsCanBeMerged
        "{ film(id: 1) { x: title x: director } }",
        "{ allFilms(first: 1) { totalCount } allFilms(first: 2) { totalCount } }",
        "{ allFilms { totalCount } allFilms(first: 2) { totalCount } }",
        "{ node(id: 1) { ... on Film { id: title } ... on Person { id } } }",
        "{ node(id: 1) { ... on Film { x: episodeID } ... on Person { x: name } } }",
        "{ film(id: 1) { characterConnection { totalCount } characterConnection { t: totalCount totalCount: pageInfo { hasNextPage } } } }",
        "{ film(id: 1) { ...A ...B } } fragment A on Film { t: title } fragment B on Film { t: director }",
        "{ film(id: 1) { t: title ...B } } fragment B on Film { t: director }",
        "{ allPeople { people { name: height } } allPeople { people { name } } }",
        "{ film(id: 1) { title } film(id: 2) { title } }",
        "{ f: film(id: 1) { title } f: person(id: 1) { name } }",
        # UniqueInputFieldNames (none in starwars; see all_kinds)
        # SingleFieldSubscriptions: see all_kinds
        # MaxIntrospectionDepth
        "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }",
        "{ __type(name: \"Film\") { interfaces { interfaces { interfaces { name } } } } }",
        # Several rules at once
        "query Q($a: Int, $a: String) { allFilms(first: $b, frist: 2) { totalCount { x } } unknown ...Nope }",
    ],
    "all_kinds": [
        # UniqueInputFieldNames and input objects
        "{ people(filter: {tags: [\"a\"], tags: [\"b\"]}) { id } }",
        "{ people(filter: {range: {min: 1, min: 2}}) { id } }",
        "{ people(filter: {range: {max: 2}}) { id } }",
        "{ people(filter: {rang: {min: 1}}) { id } }",
        "{ people(filter: {range: 3}) { id } }",
        "{ people(filter: {flag: \"yes\", big: true}) { id } }",
        "{ people(filter: {tags: [1, 2]}) { id } }",
        "{ people(filter: {tags: [null]}) { id } }",
        "{ things(pick: {byId: 1, byName: \"a\"}) { __typename } }",
        "{ things(pick: {byId: null}) { __typename } }",
        "{ things(pick: {}) { __typename } }",
        "query Q($id: ID) { things(pick: {byId: $id}) { __typename } }",
        "{ things(order: [UP]) { __typename } }",
        "{ things(order: \"ASC\") { __typename } }",
        "{ things(order: [ASC, null]) { __typename } }",
        "{ node(id: \"1\") { ... on Person { friends(order: asc) { id } } } }",
        # SingleFieldSubscriptions
        "subscription { updates { id } oldName: updates { id } }",
        "subscription S { __typename }",
        "subscription S { updates @skip(if: true) { id } }",
        "subscription S { ...F } fragment F on Feed { updates { id } u2: updates { name } }",
        "subscription S { ... on Feed { updates { id } } extra: updates { id } }",
        # Abstract types
        "{ things { ... on Person { name } ... on Robot { name: model } } }",
        "{ things { ... on Person { id } ... on Robot { id } ... on Node { id } } }",
        "{ things { name } }",
        "{ things { ... on Named { name } ... on Robot { name: serial(format: \"x\") } } }",
        "{ node(id: 1) { ... on Thing { __typename } } }",
        "{ node(id: 1) { ... on Change { __typename } } }",
        "{ node(id: 1) { ...on Named { name(short: 1) } } }",
        "{ node(id: 1) { ... on Robot { serial(pad: [1, null]) } } }",
        "{ node(id: 1) { ... on Robot { serial(pad: \"x\", single: [\"y\"]) } } }",
        "query Q($p: [Int]) { node(id: 1) { ... on Robot { serial(pad: $p) } } }",
        "query Q($p: [Int!] = [1]) { node(id: 1) { ... on Robot { serial(pad: $p, single: $p) } } }",
        "query Q($d: Date) { node(id: 1) { ... on Person { born @tag(name: $d) } } }",
        "{ node(id: 1) { ... on Person { born @tag } } }",
        "{ node(id: 1) { ... on Person { meta(x: 1) } } }",
        "mutation M { rename(id: 1) { id } }",
        "mutation M { rename(id: 1, name: \"x\") }",
        "mutation M @tag(name: \"x\") { rename(id: 1, name: \"x\") { id } }",
        "query Q @tag(name: \"x\") @tag(name: \"y\") { long }",
        "{ long @cost }",
        "fragment F on Root @tag(name: \"x\") { long } { ...F }",
        # DeferStreamDirective* and StreamDirectiveOnListField (graphql-core checks them
        # by name, whether or not the schema declares @defer and @stream)
        "mutation M { ... @defer { rename(id: 1, name: \"x\") { id } } }",
        "mutation M { ...R @defer } fragment R on Change { rename(id: 1, name: \"x\") { id } }",
        "subscription S { updates { friends @stream { id } } }",
        "subscription S { updates { friends @stream(if: false) { id } ... @defer(if: $d) { id } } }",
        "subscription S { updates { ...P } } fragment P on Person { friends @stream { id } }",
        "{ people @stream(label: \"a\") { id } node(id: 1) { ... @defer(label: \"a\") { id } } }",
        "query Q($l: String) { node(id: 1) { ... @defer(label: $l) { id } } }",
        "{ long @stream }",
        "{ people @stream { id } }",
        "subscription S { updates @stream { id } }",
    ],
    "github": [
        "{ viewer { login } }",
        "{ viewer { logn } }",
        "query Q($login: String!) { user(login: $login) { name repositories(first: 2) { nodes { name } } } }",
        "query Q($login: String) { user(login: $login) { name } }",
        "{ repository(owner: \"a\", name: \"b\") { issues(first: 1, states: [OPEN, SHUT]) { totalCount } } }",
        "{ repository(owner: \"a\") { name } }",
        "{ search(query: \"x\", type: REPOSITORY, first: 1) { nodes { ... on Repository { name } ... on User { name } } } }",
        "{ search(query: \"x\", type: REPOSITORY, first: 1) { nodes { ... on Repository { name: url } ... on User { name } } } }",
        "{ node(id: \"x\") { ... on Repository { name } ... on Issue { name: title } } }",
    ],
}


class Generator:
    """Random operations that are valid against a schema, built from its types."""

    def __init__(self, schema, rng):
        self.schema = schema
        self.rng = rng

    def value(self, type_, depth=0):
        if isinstance(type_, GraphQLNonNull):
            return self.value(type_.of_type, depth)
        if isinstance(type_, GraphQLList):
            count = self.rng.randint(0, 2)
            return "[" + ", ".join(self.value(type_.of_type, depth + 1) for _ in range(count)) + "]"
        if isinstance(type_, GraphQLEnumType):
            return self.rng.choice(list(type_.values))
        if isinstance(type_, GraphQLInputObjectType):
            if depth > 2:
                return "null"
            fields = []
            items = list(type_.fields.items())
            if type_.is_one_of:
                name, field = self.rng.choice(items)
                inner = field.type
                return "{" + name + ": " + self.non_null_value(inner, depth + 1) + "}"
            for name, field in items:
                required = isinstance(field.type, GraphQLNonNull) and field.default is None
                if required or self.rng.random() < 0.3:
                    fields.append(name + ": " + self.value(field.type, depth + 1))
            return "{" + ", ".join(fields) + "}"
        if isinstance(type_, GraphQLScalarType):
            name = type_.name
            if name == "Int":
                return str(self.rng.randint(-5, 100))
            if name == "Float":
                return self.rng.choice(["1.5", "2", "-0.25", "1e3"])
            if name == "Boolean":
                return self.rng.choice(["true", "false"])
            if name == "ID":
                return self.rng.choice(['"abc"', "42"])
            return json.dumps(self.rng.choice(["x", "hello", "a b"]))
        return "null"

    def non_null_value(self, type_, depth):
        value = self.value(type_, depth)
        return "1" if value == "null" else value

    def arguments(self, args):
        parts = []
        for name, arg in args.items():
            required = isinstance(arg.type, GraphQLNonNull) and arg.default is None
            if required or self.rng.random() < 0.25:
                parts.append(name + ": " + self.value(arg.type))
        return "(" + ", ".join(parts) + ")" if parts else ""

    def selection(self, type_, depth):
        type_ = get_named_type(type_)
        if isinstance(type_, GraphQLUnionType):
            members = self.rng.sample(type_.types, min(2, len(type_.types)))
            return "{ __typename " + " ".join(
                "... on " + m.name + " " + self.selection(m, depth + 1) for m in members
            ) + " }"
        fields = list(type_.fields.items())
        count = self.rng.randint(1, 4)
        chosen = self.rng.sample(fields, min(count, len(fields)))
        parts = []
        for name, field in chosen:
            named = get_named_type(field.type)
            text = name + self.arguments(field.args)
            if self.rng.random() < 0.15:
                text = "a" + str(self.rng.randint(0, 9)) + name + ": " + text
            if isinstance(named, (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType)):
                if depth >= 3:
                    if isinstance(named, GraphQLUnionType):
                        text += " { __typename }"
                    else:
                        leaf = [n for n, f in named.fields.items() if not isinstance(get_named_type(f.type), (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType)) and not any(isinstance(a.type, GraphQLNonNull) for a in f.args.values())]
                        text += " { " + (leaf[0] if leaf else "__typename") + " }"
                else:
                    text += " " + self.selection(named, depth + 1)
            parts.append(text)
        if isinstance(type_, GraphQLInterfaceType) and self.rng.random() < 0.5:
            impls = self.schema.get_possible_types(type_)
            if impls:
                impl = self.rng.choice(impls)
                parts.append("... on " + impl.name + " " + self.selection(impl, depth + 1))
        return "{ " + " ".join(parts) + " }"

    def operation(self, index):
        root = self.schema.query_type
        body = self.selection(root, 0)
        if self.rng.random() < 0.3:
            return "fragment Root%d on %s %s\nquery Op%d { ...Root%d }" % (index, root.name, body, index, index)
        return "query Op%d %s" % (index, body)


FAULTS = [
    "unknown_field", "unknown_argument", "missing_argument", "wrong_value", "leaf_selection",
    "missing_selection", "conflicting_alias", "unknown_fragment", "undefined_variable",
    "missing_directive_argument", "wrong_directive_value", "unknown_directive",
    "differing_arguments", "unused_fragment", "duplicate_operation", "unused_variable",
]


class FaultyGenerator(Generator):
    """A generator that puts one fault, aimed at one rule, into what it generates."""

    def __init__(self, schema, rng, fault):
        super().__init__(schema, rng)
        self.fault = fault
        self.pending = True

    def strike(self):
        if self.pending and self.rng.random() < 0.35:
            self.pending = False
            return True
        return False

    def arguments(self, args):
        text = super().arguments(args)
        if self.fault == "unknown_argument" and self.strike():
            return (text[:-1] + ", bogus: 1)") if text else "(bogus: 1)"
        if self.fault == "missing_argument" and text and self.strike():
            return ""
        if self.fault == "wrong_value" and text and self.strike():
            return "(" + text[1:].split(":")[0] + ": {wrong: true})"
        if self.fault == "undefined_variable" and text and self.strike():
            return "(" + text[1:].split(":")[0] + ": $undefinedVar)"
        return text

    def selection(self, type_, depth):
        text = super().selection(type_, depth)
        if self.fault == "unknown_field" and self.strike():
            return text[:-1] + "unknownField }"
        if self.fault == "unknown_fragment" and self.strike():
            return text[:-1] + "...MissingFragment }"
        if self.fault == "conflicting_alias" and self.strike():
            named = get_named_type(type_)
            if isinstance(named, (GraphQLObjectType, GraphQLInterfaceType)):
                names = list(named.fields)
                if len(names) > 1:
                    return text[:-1] + names[0] + ": " + names[1] + " { __typename } " + names[0] + " }"
        if self.fault == "leaf_selection" and self.strike():
            return text[:-1] + "__typename { x } }"
        if self.fault == "missing_directive_argument" and self.strike():
            return text[:-1] + "__typename @include }"
        if self.fault == "wrong_directive_value" and self.strike():
            return text[:-1] + "__typename @skip(if: \"no\") }"
        if self.fault == "unknown_directive" and self.strike():
            return text[:-1] + "__typename @unknownDirective }"
        if self.fault == "differing_arguments" and self.strike():
            named = get_named_type(type_)
            if isinstance(named, (GraphQLObjectType, GraphQLInterfaceType)):
                for name, field in named.fields.items():
                    args = [a for a, d in field.args.items() if get_named_type(d.type).name in ("Int", "String")]
                    leaf = not isinstance(get_named_type(field.type), (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType))
                    if args and leaf and not any(isinstance(d.type, GraphQLNonNull) for d in field.args.values()):
                        kind = get_named_type(field.args[args[0]].type).name
                        v1, v2 = ("1", "2") if kind == "Int" else ('"a"', '"b"')
                        return text[:-1] + f"{name}({args[0]}: {v1}) {name}({args[0]}: {v2}) }}"
        return text

    def operation(self, index):
        text = super().operation(index)
        if self.fault == "missing_selection":
            root = self.schema.query_type
            composite = [n for n, f in root.fields.items() if isinstance(get_named_type(f.type), (GraphQLObjectType, GraphQLInterfaceType)) and not any(isinstance(a.type, GraphQLNonNull) for a in f.args.values())]
            if composite:
                text = text.replace("{ ", "{ " + self.rng.choice(composite) + " ", 1)
        elif self.fault == "unused_fragment":
            text += "\nfragment Unused%d on %s { __typename }" % (index, self.schema.query_type.name)
        elif self.fault == "duplicate_operation":
            text += "\nquery Op%d { __typename }" % index
        elif self.fault == "unused_variable":
            text = text.replace("query Op%d " % index, "query Op%d($unused: Int) " % index, 1)
        return text


def errors_of(schema, text):
    return [
        {
            "message": error.message,
            "locations": [[loc.line, loc.column] for loc in (error.locations or [])],
        }
        for error in validate(schema, parse(text))
    ]


def main():
    args = sys.argv[1:]
    seed = 20261129
    if "--seed" in args:
        index = args.index("--seed")
        seed = int(args[index + 1])
        del args[index : index + 2]
    out = Path(args[0]) if args else ROOT / ".cache/oracle/validation"
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    cases = []
    for schema_name, path in SCHEMA_FILES.items():
        schema = build_schema(path.read_text())
        for index, text in enumerate(HAND_WRITTEN.get(schema_name, [])):
            cases.append({"name": f"{schema_name}-hand-{index}", "schema": schema_name,
                          "document": text, "errors": errors_of(schema, text)})
        if schema_name == "github":
            large = (ROOT / ".cache/graphql_core-3.3.2/tests/fixtures/large_query.graphql").read_text()
            cases.append({"name": "github-large-query", "schema": schema_name,
                          "document": large, "errors": errors_of(schema, large)})
        generator = Generator(schema, rng)
        valid_count = {"all_kinds": 60, "starwars": 90, "github": 90}[schema_name]
        for index in range(valid_count):
            text = generator.operation(index)
            if validate(schema, parse(text)):
                continue
            cases.append({"name": f"{schema_name}-valid-{index}", "schema": schema_name,
                          "document": text, "errors": []})
        for index in range(valid_count * 2):
            fault = FAULTS[index % len(FAULTS)]
            text = FaultyGenerator(schema, rng, fault).operation(index)
            cases.append({"name": f"{schema_name}-{fault}-{index}", "schema": schema_name,
                          "document": text, "errors": errors_of(schema, text)})
    (out / "cases.json").write_text(json.dumps(cases, indent=1))
    invalid = sum(1 for case in cases if case["errors"])
    print(f"validation_oracle: {len(cases)} documents, {invalid} invalid, {len(cases) - invalid} valid")


if __name__ == "__main__":
    main()
