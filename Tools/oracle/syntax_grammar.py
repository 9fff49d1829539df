"""Random GraphQL documents covering every production of the grammar.

A `DocumentGenerator` draws one document at a time from a seeded `random.Random`, as a
list of tokens; `join_tokens` lays the tokens out with random ignored characters
(spaces, tabs, commas, comments, every line terminator, byte order marks). Keeping the
tokens lets the mutator delete, duplicate and swap them. The generator aims for valid
documents, but it is graphql-core that decides: whatever it rejects becomes an invalid
case instead.
"""

import random

NAMES = [
    "a", "b", "id", "name", "node", "_x", "__typename", "field1", "Foo", "A_b9", "user",
    "query", "mutation", "subscription", "fragment", "on", "type", "true", "false",
    "null", "schema", "extend", "input", "enum", "implements", "repeatable",
    "directive", "interface", "union", "scalar", "e9",
]
TYPE_NAMES = ["String", "Int", "Float", "Boolean", "ID", "User", "Node", "T", "on", "query"]
DIRECTIVE_LOCATIONS = [
    "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
    "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT",
    "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
    "INPUT_OBJECT", "INPUT_FIELD_DEFINITION",
]
INTS = ["0", "-0", "7", "42", "-17", "1234567890123456789012"]
FLOATS = ["0.0", "-1.5", "1e3", "1E+3", "2.5e-10", "-0.0e0", "3.14159", "6.02E23"]
STRING_PIECES = [
    "plain", " ", "with space", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
    "\\u0041", "\\u00e9", "\\u0000", "\\u001F", "\\u{1F600}", "\\u{41}", "\\u{10FFFF}",
    "\\uD83D\\uDE00", "\\uDBFF\\uDFFF", "é", "中文", "😀", "\u2028", "'", "#not a comment",
    "\u007f", "\t", "\\u{0041}",
]
BLOCK_PIECES = [
    "hello", "  indented", "    deeper", "\tTabbed", " \t mixed", "", "", " ", "\"quoted\"",
    "\"\"two", "\\\"\"\"", "escaped \\\"\"\" in text", "back\\slash", "\\n literal", "é😀",
    "trailing  ", "# not a comment", "{ braces }",
]
BLOCK_BREAKS = ["\n", "\n", "\r\n", "\r"]
SEPARATORS = [" "] * 12 + ["\n"] * 4 + [", ", ",", "\t", "\r\n", "\r", "  ", "\n\n",
                                         " # a comment, with \"quotes\" é\n", "#c\r\n", "\ufeff"]
PUNCTUATORS = set("!()[]{}:=@|&$")


class DocumentGenerator:
    """Draws random documents; `max_depth` bounds selection and value nesting."""

    def __init__(self, rng: random.Random, fragment_arguments: bool = False, max_depth: int = 4):
        self.rng = rng
        self.fragment_arguments = fragment_arguments
        self.max_depth = max_depth

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, items):
        return self.rng.choice(items)

    def some(self, low: int, high: int, make) -> list:
        return [make() for _ in range(self.rng.randint(low, high))]

    # Documents

    def document(self, kind: str) -> list:
        makers = {
            "executable": [self.operation, self.operation, self.shorthand, self.fragment],
            "type_system": [self.schema, self.scalar, self.object_type, self.interface,
                            self.union, self.enum, self.input_object, self.directive_definition],
            "extension": [self.schema_extension, self.scalar_extension, self.object_extension,
                          self.interface_extension, self.union_extension, self.enum_extension,
                          self.input_extension, self.directive_extension],
        }
        pool = makers[kind] if kind != "mixed" else sum(makers.values(), [])
        tokens = []
        for _ in range(self.rng.randint(1, 4)):
            tokens += self.pick(pool)()
        return tokens

    # Lexical pieces

    def name(self) -> list:
        return [self.pick(NAMES)]

    def type_name(self) -> list:
        return [self.pick(TYPE_NAMES)]

    def string(self) -> str:
        return '"' + "".join(self.some(0, 5, lambda: self.pick(STRING_PIECES))) + '"'

    def block_string(self) -> str:
        lines = self.some(0, 5, lambda: self.pick(BLOCK_PIECES))
        body = "".join(line + self.pick(BLOCK_BREAKS) for line in lines)
        if self.chance(0.5):
            body = body.rstrip("\r\n")
        if body.endswith('"'):
            body += " "
        return '"""' + body + '"""'

    def description(self) -> list:
        if not self.chance(0.3):
            return []
        return [self.block_string() if self.chance(0.5) else self.string()]

    # Values and types

    def value(self, const: bool, depth: int = 0) -> list:
        kinds = ["int", "float", "string", "block", "bool", "null", "enum", "list", "object"]
        if not const:
            kinds += ["variable", "variable"]
        kind = self.pick(kinds)
        if depth >= self.max_depth and kind in ("list", "object"):
            kind = "int"
        if kind == "variable":
            return ["$"] + self.name()
        if kind == "int":
            return [self.pick(INTS)]
        if kind == "float":
            return [self.pick(FLOATS)]
        if kind == "string":
            return [self.string()]
        if kind == "block":
            return [self.block_string()]
        if kind == "bool":
            return [self.pick(["true", "false"])]
        if kind == "null":
            return ["null"]
        if kind == "enum":
            return [self.pick([n for n in NAMES if n not in ("true", "false", "null")])]
        if kind == "list":
            return ["["] + sum(self.some(0, 3, lambda: self.value(const, depth + 1)), []) + ["]"]
        fields = self.some(0, 3, lambda: self.name() + [":"] + self.value(const, depth + 1))
        return ["{"] + sum(fields, []) + ["}"]

    def type_ref(self, depth: int = 0) -> list:
        if depth < 3 and self.chance(0.3):
            inner = ["["] + self.type_ref(depth + 1) + ["]"]
        else:
            inner = self.type_name()
        return inner + (["!"] if self.chance(0.4) else [])

    def arguments(self, const: bool) -> list:
        if not self.chance(0.4):
            return []
        args = self.some(1, 3, lambda: self.name() + [":"] + self.value(const))
        return ["("] + sum(args, []) + [")"]

    def directives(self, const: bool, p: float = 0.3) -> list:
        if not self.chance(p):
            return []
        return sum(self.some(1, 3, lambda: ["@"] + self.name() + self.arguments(const)), [])

    # Executable definitions

    def selection_set(self, depth: int = 0) -> list:
        low = 0 if self.chance(0.03) else 1
        selections = self.some(low, 4, lambda: self.selection(depth + 1))
        return ["{"] + sum(selections, []) + ["}"]

    def selection(self, depth: int) -> list:
        kind = self.pick(["field", "field", "field", "spread", "inline"])
        if kind == "spread":
            spread = ["..."] + self.fragment_name()
            if self.fragment_arguments:
                spread += self.arguments(False)
            return spread + self.directives(False)
        nested = depth < self.max_depth
        if kind == "inline":
            condition = ["on"] + self.type_name() if self.chance(0.7) else []
            return ["..."] + condition + self.directives(False) + self.selection_set(depth)
        alias = self.name() + [":"] if self.chance(0.2) else []
        field = alias + self.name() + self.arguments(False) + self.directives(False)
        if nested and self.chance(0.35):
            field += self.selection_set(depth)
        return field

    def fragment_name(self) -> list:
        return [self.pick([n for n in NAMES if n != "on"])]

    def variable_definitions(self) -> list:
        if not self.chance(0.5):
            return []
        def one():
            default = ["="] + self.value(True) if self.chance(0.4) else []
            return (self.description() + ["$"] + self.name() + [":"] + self.type_ref()
                    + default + self.directives(True))
        return ["("] + sum(self.some(1, 3, one), []) + [")"]

    def operation(self) -> list:
        head = self.description() + [self.pick(["query", "mutation", "subscription"])]
        if self.chance(0.7):
            head += self.name()
        return head + self.variable_definitions() + self.directives(False) + self.selection_set()

    def shorthand(self) -> list:
        return self.selection_set()

    def fragment(self) -> list:
        head = self.description() + ["fragment"] + self.fragment_name()
        if self.fragment_arguments:
            head += self.variable_definitions()
        return head + ["on"] + self.type_name() + self.directives(False) + self.selection_set()

    # Type system definitions

    def input_values(self, open_: str, close: str) -> list:
        def one():
            default = ["="] + self.value(True) if self.chance(0.3) else []
            return (self.description() + self.name() + [":"] + self.type_ref() + default
                    + self.directives(True))
        return [open_] + sum(self.some(1, 3, one), []) + [close]

    def fields(self) -> list:
        def one():
            args = self.input_values("(", ")") if self.chance(0.4) else []
            return (self.description() + self.name() + args + [":"] + self.type_ref()
                    + self.directives(True))
        return ["{"] + sum(self.some(1, 4, one), []) + ["}"]

    def implements(self) -> list:
        if not self.chance(0.5):
            return []
        names = ["implements"] + (["&"] if self.chance(0.3) else []) + self.type_name()
        for _ in range(self.rng.randint(0, 2)):
            names += ["&"] + self.type_name()
        return names

    def operation_types(self) -> list:
        ops = ["query", "mutation", "subscription"]
        self.rng.shuffle(ops)
        chosen = ops[: self.rng.randint(1, 3)]
        return ["{"] + sum(([op, ":"] + self.type_name() for op in chosen), []) + ["}"]

    def schema(self) -> list:
        return self.description() + ["schema"] + self.directives(True) + self.operation_types()

    def scalar(self) -> list:
        return self.description() + ["scalar"] + self.type_name() + self.directives(True)

    def object_type(self, keyword: str = "type") -> list:
        body = self.fields() if self.chance(0.9) else []
        return (self.description() + [keyword] + self.type_name() + self.implements()
                + self.directives(True) + body)

    def interface(self) -> list:
        return self.object_type("interface")

    def union_members(self) -> list:
        members = ["="] + (["|"] if self.chance(0.3) else []) + self.type_name()
        for _ in range(self.rng.randint(0, 3)):
            members += ["|"] + self.type_name()
        return members

    def union(self) -> list:
        members = self.union_members() if self.chance(0.9) else []
        return self.description() + ["union"] + self.type_name() + self.directives(True) + members

    def enum_values(self) -> list:
        def one():
            value = self.pick([n for n in NAMES if n not in ("true", "false", "null")])
            return self.description() + [value] + self.directives(True)
        return ["{"] + sum(self.some(1, 4, one), []) + ["}"]

    def enum(self) -> list:
        values = self.enum_values() if self.chance(0.9) else []
        return self.description() + ["enum"] + self.type_name() + self.directives(True) + values

    def input_object(self) -> list:
        body = self.input_values("{", "}") if self.chance(0.9) else []
        return self.description() + ["input"] + self.type_name() + self.directives(True) + body

    def directive_definition(self) -> list:
        head = self.description() + ["directive", "@"] + self.name()
        if self.chance(0.5):
            head += self.input_values("(", ")")
        head += self.directives(True, 0.2)
        if self.chance(0.4):
            head += ["repeatable"]
        locations = ["on"] + (["|"] if self.chance(0.3) else []) + [self.pick(DIRECTIVE_LOCATIONS)]
        for _ in range(self.rng.randint(0, 3)):
            locations += ["|", self.pick(DIRECTIVE_LOCATIONS)]
        return head + locations

    # Type system extensions: each needs at least one of its optional parts.

    def schema_extension(self) -> list:
        directives = self.directives(True, 0.5)
        ops = self.operation_types() if not directives or self.chance(0.5) else []
        return ["extend", "schema"] + directives + ops

    def scalar_extension(self) -> list:
        return ["extend", "scalar"] + self.type_name() + self.directives(True, 1.0)

    def object_extension(self, keyword: str = "type") -> list:
        parts = self.implements() + self.directives(True)
        if not parts or self.chance(0.5):
            parts += self.fields()
        return ["extend", keyword] + self.type_name() + parts

    def interface_extension(self) -> list:
        return self.object_extension("interface")

    def union_extension(self) -> list:
        directives = self.directives(True, 0.5)
        members = self.union_members() if not directives or self.chance(0.5) else []
        return ["extend", "union"] + self.type_name() + directives + members

    def enum_extension(self) -> list:
        directives = self.directives(True, 0.5)
        values = self.enum_values() if not directives or self.chance(0.5) else []
        return ["extend", "enum"] + self.type_name() + directives + values

    def input_extension(self) -> list:
        directives = self.directives(True, 0.5)
        fields = self.input_values("{", "}") if not directives or self.chance(0.5) else []
        return ["extend", "input"] + self.type_name() + directives + fields


    def directive_extension(self) -> list:
        return ["extend", "directive", "@"] + self.name() + self.directives(True, 1.0)


def join_tokens(rng: random.Random, tokens: list) -> str:
    """Lays tokens out with random ignored characters; punctuators may touch neighbours."""
    out = ["\ufeff"] if rng.random() < 0.05 else []
    for index, token in enumerate(tokens):
        if index:
            previous = tokens[index - 1]
            touching = previous in PUNCTUATORS or token in PUNCTUATORS or (
                previous == "..." and token[:1].isalpha())
            out.append("" if touching and rng.random() < 0.3 else rng.choice(SEPARATORS))
        out.append(token)
    if rng.random() < 0.3:
        out.append(rng.choice(["\n", "\r\n", " ", "# trailing comment", ","]))
    return "".join(out)


# Hand-written valid documents for the printer's corner cases: which strings become block
# strings, and how their first and last lines are laid out.
PRINTER_CASES = [
    ("description-leading-spaces", '"""   leading spaces""" type T'),
    ("description-ends-with-quote", '"ends with \\"" type T'),
    ("description-ends-with-backslash", '"ends with \\\\" type T'),
    ("description-has-triple-quotes", '"has \\"\\"\\" inside" type T'),
    ("description-two-lines", '"line1\\nline2" type T'),
    ("description-indented-second-line", '"  starts\\n    second" type T'),
    ("description-only-newlines", '"\\n\\n" type T'),
    ("description-empty", '"" type T'),
    ("description-empty-block", '"""""" type T'),
    ("description-tab", '"\\t tab" scalar S'),
    ("description-crlf-block", '"""\r\n  one\r\n\r\n  two\r\n  """ scalar S'),
    ("description-long-line", '"' + "word " * 30 + '" scalar S'),
    ("block-value-indented", '{ a(x: """  indented\n   more\n""") }'),
    ("block-value-triple-quote", '{ a(x: """a \\""" b""") }'),
    ("string-value-controls", '{ a(x: "\\u0000\\u0007\\b\\f\\u007F\\u0080\\u009f\\u00a0") }'),
    ("string-value-line-separators", '{ a(x: "\\u2028\\u2029") }'),
    ("arguments-just-under-80", "{ f(a: 1, b: 2, c: \"" + "x" * 50 + "\") }"),
    ("arguments-over-80", "{ f(a: 1, b: 2, c: \"" + "x" * 70 + "\") }"),
    ("directive-arguments-described", 'directive @d("described" a: Int, b: Int) on FIELD'),
    ("field-arguments-described", 'type T { f("described" a: Int, b: Int): Int }'),
    ("empty-selection-nested", "{ a { } b }"),
    ("empty-list-and-object", "{ a(x: [], y: {}) }"),
    ("numbers-verbatim", "{ a(x: 1E+3, y: -0.0e-0, z: 0.50e01) }"),
    ("operation-description-and-variables", '"op" query Q("var" $a: Int = 1 @d, $b: [T!]!) @q { a }'),
    ("anonymous-query-keyword", "query { a }"),
    ("anonymous-query-with-directive", "query @d { a }"),
    ("interfaces-leading-ampersand", "interface I implements & A & B { a: Int }"),
    ("union-leading-pipe", "union U = | A | B"),
    ("schema-described", '"""schema doc""" schema @d { query: Q }'),
    ("repeatable-directive", "directive @d repeatable on | FIELD | QUERY"),
]
