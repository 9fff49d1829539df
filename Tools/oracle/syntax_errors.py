"""Invalid GraphQL documents: mutations of valid ones, and one hand-written case per
error graphql-core's lexer and parser can raise.

The hand-written list was built by reading every `GraphQLSyntaxError(` and
`self.unexpected(` in graphql-core 3.3.2's `language/lexer.py` and `language/parser.py`.
Left out on purpose: "Invalid character" and "Invalid character within String" (only
lone UTF-16 surrogates reach them, which a UTF-8 document cannot hold; control characters
are allowed in strings since the September 2025 spec, and two cases check that), the limits Baton's `ParseOptions` does not have
(`max_comments`, `max_source_length`, `max_lexical_tokens`), and "nested too deeply",
which graphql-core derives from Python's recursion limit rather than from a setting.
"""

import random

STRAY = ["?", "%", "^", "~", "`", "'", "\\", "\u0007", "\u00a0", "é", "😀", "..", ".", "$",
         "@", "&", "|", "!", "=", ":", "{", "}", "(", ")", "[", "]", '"', '"""', "#", "-",
         "0", "1e", "\u0000", "\u200b"]
BAD_TOKENS = [
    '"\\x"', '"\\u12G4"', '"\\u{110000}"', '"\\uD800"', '"\\uDC00"', '"\\uD83Dx"', '"\\u{}"',
    '"\\u{D800}"', '"\\uD83D\\u0041"', '"\\u{1F600"', '"\\"', '"abc', '"""abc', '"a\nb"',
    '"a\u0001b"', '"""a\u0002b"""', "00", "01", "1.", "1e", "1e+", ".5", "1a", "0x1", "1.2.3",
    "-a", "-", "1.e3", "2E", "1_000", "..", '"\\u{0000000041}"', "'x'", "\u00e9", "$1", "@1", "…",
]


def mutate(rng: random.Random, tokens: list, text: str) -> tuple:
    """Returns (label, mutated text) for one random mutation of a document."""
    kind = rng.choice(["delete", "duplicate", "swap", "truncate", "stray", "bad_token",
                       "bad_token", "replace"])
    if kind == "truncate" and len(text) > 1:
        return kind, text[: rng.randrange(1, len(text))]
    if kind == "stray":
        at = rng.randrange(len(text) + 1)
        return kind, text[:at] + rng.choice(STRAY) + text[at:]
    tokens = list(tokens)
    at = rng.randrange(len(tokens))
    if kind == "delete" and len(tokens) > 1:
        del tokens[at]
    elif kind == "duplicate":
        tokens.insert(at, tokens[at])
    elif kind == "swap" and len(tokens) > 1:
        at = min(at, len(tokens) - 2)
        tokens[at], tokens[at + 1] = tokens[at + 1], tokens[at]
    elif kind == "replace":
        tokens[at] = rng.choice(["{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "...", "on",
                                 "fragment", "query", "true", "null", "1", '"s"', "|", "&"])
    else:
        kind = "bad_token"
        tokens[at] = rng.choice(BAD_TOKENS)
    return kind, " ".join(tokens)


# (label, source, options): options use the Swift ParseOptions names.
HANDWRITTEN = [
    # Lexer
    ("lexer/spread-two-dots", "{ ..a }", {}),
    ("lexer/dot-before-digits", "{ a(x: .5) }", {}),
    ("lexer/dot-before-many-digits", "{ a(x: .0123) }", {}),
    ("lexer/single-quote", "{ a(x: 'b') }", {}),
    ("lexer/unexpected-ascii", "{ a? }", {}),
    ("lexer/unexpected-control", "{ a\u0007 }", {}),
    ("lexer/unexpected-nul", "{ a\u0000 }", {}),
    ("lexer/unexpected-latin", "{ é }", {}),
    ("lexer/unexpected-astral", "{ 😀 }", {}),
    ("lexer/unexpected-nbsp", "{\u00a0a }", {}),
    ("lexer/unexpected-quote-mark-dot", "{ a . }", {}),
    ("lexer/digit-after-zero", "{ a(x: 00) }", {}),
    ("lexer/digit-after-negative-zero", "{ a(x: -01) }", {}),
    ("lexer/minus-alone", "{ a(x: -) }", {}),
    ("lexer/minus-name", "{ a(x: -b) }", {}),
    ("lexer/fraction-without-digits", "{ a(x: 1.) }", {}),
    ("lexer/fraction-then-name", "{ a(x: 1.e) }", {}),
    ("lexer/exponent-without-digits", "{ a(x: 1e) }", {}),
    ("lexer/exponent-sign-without-digits", "{ a(x: 1e+) }", {}),
    ("lexer/number-then-name", "{ a(x: 1a) }", {}),
    ("lexer/number-then-dot", "{ a(x: 1.2.3) }", {}),
    ("lexer/number-then-underscore", "{ a(x: 1_000) }", {}),
    ("lexer/number-at-eof", "{ a(x: 1.", {}),
    ("lexer/string-control-char-allowed", '{ a(x: "a\u0001b") }', {}),
    ("lexer/string-unterminated-eof", '{ a(x: "abc', {}),
    ("lexer/string-unterminated-newline", '{ a(x: "abc\n") }', {}),
    ("lexer/string-unterminated-cr", '{ a(x: "abc\r") }', {}),
    ("lexer/string-bad-escape", '{ a(x: "\\x") }', {}),
    ("lexer/string-escape-at-eof", '{ a(x: "\\', {}),
    ("lexer/string-bad-unicode", '{ a(x: "\\u12G4") }', {}),
    ("lexer/string-short-unicode", '{ a(x: "\\u12") }', {}),
    ("lexer/string-lone-lead-surrogate", '{ a(x: "\\uD800") }', {}),
    ("lexer/string-lone-trail-surrogate", '{ a(x: "\\uDC00") }', {}),
    ("lexer/string-lead-then-bmp", '{ a(x: "\\uD83D\\u0041") }', {}),
    ("lexer/string-lead-then-text", '{ a(x: "\\uD83Dab") }', {}),
    ("lexer/string-braced-too-large", '{ a(x: "\\u{110000}") }', {}),
    ("lexer/string-braced-surrogate", '{ a(x: "\\u{DBFF}") }', {}),
    ("lexer/string-braced-empty", '{ a(x: "\\u{}") }', {}),
    ("lexer/string-braced-unclosed", '{ a(x: "\\u{1F600") }', {}),
    ("lexer/string-braced-not-hex", '{ a(x: "\\u{12Z}") }', {}),
    ("lexer/string-braced-too-long", '{ a(x: "\\u{000000000041x}") }', {}),
    ("lexer/block-control-char-allowed", '{ a(x: """a\u0002b""") }', {}),
    ("lexer/block-unterminated", '{ a(x: """abc', {}),
    ("lexer/block-unterminated-escaped-close", '{ a(x: """abc\\"""', {}),
    # Locations: columns count code points; \r\n, \r and \n each end a line.
    ("location/after-bom", "\ufeff{ a? }", {}),
    ("location/after-crlf", "{\r\n  a\r\n  ? }", {}),
    ("location/after-cr", "{\r  a\r\r  ? }", {}),
    ("location/after-astral", '{ a(x: "😀é中") ? }', {}),
    ("location/after-block-string-lines", '{ a(x: """\n  one\r\n  two\r""") ? }', {}),
    ("location/after-comment", "# é😀\n{ a ? }", {}),
    # Parser: expect_token, expect_keyword, unexpected
    ("parser/empty", "", {}),
    ("parser/only-comment", "# nothing here", {}),
    ("parser/only-bom-and-space", "\ufeff  \r\n", {}),
    ("parser/unknown-definition", "foo", {}),
    ("parser/unknown-definition-after-valid", "{ a } bar", {}),
    ("parser/number-definition", "123", {}),
    ("parser/expected-name-eof", "{ a(", {}),
    ("parser/expected-name-found-punct", "{ a(: 1) }", {}),
    ("parser/expected-colon", "{ a(b 1) }", {}),
    ("parser/expected-closing-brace", "{ a", {}),
    ("parser/expected-type", "query ($a: ) { a }", {}),
    ("parser/expected-list-close", "query ($a: [Int) { a }", {}),
    ("parser/expected-dollar", "query (a: Int) { a }", {}),
    ("parser/unexpected-value", "{ a(x: ) }", {}),
    ("parser/unexpected-value-spread", "{ a(x: ...) }", {}),
    ("parser/unexpected-value-close", "{ a(x: [1 }) }", {}),
    ("parser/variable-in-const-default", "query ($a: Int = $b) { a }", {}),
    ("parser/variable-in-const-directive", "type T @d(x: $v) { a: Int }", {}),
    ("parser/variable-in-const-list", "query ($a: [Int] = [1, $b]) { a }", {}),
    ("parser/dollar-without-name-in-const", "query ($a: Int = $) { a }", {}),
    ("parser/empty-arguments", "{ a() }", {}),
    ("parser/empty-variable-definitions", "query () { a }", {}),
    ("parser/selection-keyword-spread-on", "{ ...on }", {}),
    ("parser/fragment-named-on", "fragment on on T { a }", {}),
    ("parser/fragment-missing-on", "fragment F T { a }", {}),
    ("parser/fragment-missing-selection", "fragment F on T", {}),
    ("parser/fragment-variables-without-option", "fragment F($a: Int) on T { a }", {}),
    ("parser/spread-arguments-without-option", "{ ...F(a: 1) }", {}),
    ("parser/operation-missing-selection", "query Q", {}),
    ("parser/operation-bad-type-in-schema", "schema { foo: T }", {}),
    ("parser/schema-empty", "schema {}", {}),
    ("parser/schema-missing-colon", "schema { query T }", {}),
    ("parser/description-on-shorthand", '"d" { a }', {}),
    ("parser/description-on-extension", '"d" extend type T @x', {}),
    ("parser/description-on-unknown", '"d" foo', {}),
    ("parser/description-alone", '"""only a description"""', {}),
    ("parser/description-then-number", '"d" 1', {}),
    ("parser/enum-value-true", "enum E { true }", {}),
    ("parser/enum-value-false", "enum E { A false }", {}),
    ("parser/enum-value-null", "enum E { null }", {}),
    ("parser/enum-empty", "enum E {}", {}),
    ("parser/type-empty-fields", "type T {}", {}),
    ("parser/type-field-missing-type", "type T { a: }", {}),
    ("parser/type-field-missing-colon", "type T { a Int }", {}),
    ("parser/type-implements-nothing", "type T implements { a: Int }", {}),
    ("parser/type-implements-trailing-amp", "type T implements A & { a: Int }", {}),
    ("parser/interface-empty-fields", "interface I {}", {}),
    ("parser/input-empty", "input I {}", {}),
    ("parser/input-missing-type", "input I { a }", {}),
    ("parser/argument-definitions-empty", "type T { a(): Int }", {}),
    ("parser/union-no-members", "union U =", {}),
    ("parser/union-trailing-pipe", "union U = A |", {}),
    ("parser/union-double-pipe", "union U = | | A", {}),
    ("parser/scalar-missing-name", "scalar", {}),
    ("parser/directive-missing-on", "directive @d", {}),
    ("parser/directive-missing-at", "directive d on FIELD", {}),
    ("parser/directive-unknown-location", "directive @d on FOO", {}),
    ("parser/directive-lowercase-location", "directive @d on field", {}),
    ("parser/directive-trailing-pipe", "directive @d on FIELD |", {}),
    ("parser/directive-repeatable-twice", "directive @d repeatable repeatable on FIELD", {}),
    ("parser/directive-usage-missing-name", "{ a @ }", {}),
    ("parser/extend-unknown", "extend foo", {}),
    ("parser/extend-eof", "extend", {}),
    ("parser/extend-schema-nothing", "extend schema", {}),
    ("parser/extend-scalar-nothing", "extend scalar S", {}),
    ("parser/extend-type-nothing", "extend type T", {}),
    ("parser/extend-interface-nothing", "extend interface I", {}),
    ("parser/extend-union-nothing", "extend union U", {}),
    ("parser/extend-enum-nothing", "extend enum E", {}),
    ("parser/extend-input-nothing", "extend input I", {}),
    ("parser/extend-directive-nothing", "extend directive @d", {}),
    ("parser/extend-directive-with-locations", "extend directive @d on FIELD", {}),
    ("parser/directive-definition-directive-after-repeatable", "directive @d repeatable @x on FIELD", {}),
    ("parser/list-type-unclosed", "type T { a: [Int }", {}),
    ("parser/non-null-twice", "type T { a: Int!! }", {}),
    ("parser/alias-without-name", "{ a: }", {}),
    ("parser/object-value-missing-colon", "{ a(x: {b 1}) }", {}),
    ("parser/object-value-unclosed", "{ a(x: {b: 1) }", {}),
    ("parser/inline-fragment-missing-selection", "{ ... on T }", {}),
    ("parser/stray-closing-brace", "{ a } }", {}),
    ("parser/subscription-eof", "subscription", {}),
    # Limits Baton's ParseOptions has. graphql-core's max_tokens counts comments too.
    ("limits/max-tokens-exceeded", "{ a b c d e f }", {"maxTokens": 5}),
    ("limits/max-tokens-exact", "{ a b c }", {"maxTokens": 5}),
    ("limits/max-tokens-comments", "{ a # one\n# two\n# three\n b }", {"maxTokens": 4}),
    ("limits/max-tokens-comments-fit", "{ a # one\n b }", {"maxTokens": 5}),
    # Experimental fragment arguments, with the option on.
    ("fragment-arguments/definition", "fragment F($a: Int = 1 @d) on T { a(x: $a) }",
     {"experimentalFragmentArguments": True}),
    ("fragment-arguments/spread", "{ ...F(a: 1, b: $c) @d }", {"experimentalFragmentArguments": True}),
    ("fragment-arguments/empty", "fragment F() on T { a }", {"experimentalFragmentArguments": True}),
]
