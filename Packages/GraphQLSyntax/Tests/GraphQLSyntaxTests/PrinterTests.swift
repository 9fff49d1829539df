import TestPrerequisites
import Testing

@testable import GraphQLSyntax

@Suite("Printer")
struct PrinterTests {
  /// Inputs and graphql-core 3.3.2's `print_ast` of them.
  static let printed: [(String, String)] = [
    (
      "query { a }",
      "{\n  a\n}"
    ),
    (
      "query Q { a }",
      "query Q {\n  a\n}"
    ),
    (
      "mutation { a }",
      "mutation {\n  a\n}"
    ),
    (
      "{ a(x: 1) @d }",
      "{\n  a(x: 1) @d\n}"
    ),
    (
      "query ($a: Int = 1 @d) @q { a }",
      "query ($a: Int = 1 @d) @q {\n  a\n}"
    ),
    (
      "{ field(arg0: \"value0\", arg1: \"value1\", arg2: \"value2\", arg3: \"value3\", arg4: \"value4\", arg5: \"value5\", arg6: \"value6\", arg7: \"value7\") }",
      "{\n  field(\n    arg0: \"value0\"\n    arg1: \"value1\"\n    arg2: \"value2\"\n    arg3: \"value3\"\n    arg4: \"value4\"\n    arg5: \"value5\"\n    arg6: \"value6\"\n    arg7: \"value7\"\n  )\n}"
    ),
    (
      "{ field(x: [0, 1000000, 2000000, 3000000, 4000000, 5000000, 6000000, 7000000, 8000000, 9000000, 10000000, 11000000, 12000000, 13000000]) }",
      "{\n  field(\n    x: [\n      0\n      1000000\n      2000000\n      3000000\n      4000000\n      5000000\n      6000000\n      7000000\n      8000000\n      9000000\n      10000000\n      11000000\n      12000000\n      13000000\n    ]\n  )\n}"
    ),
    (
      "{ field(x: {key0: 0, key1: 1, key2: 2, key3: 3, key4: 4, key5: 5, key6: 6, key7: 7, key8: 8, key9: 9, key10: 10, key11: 11}) }",
      "{\n  field(\n    x: {\n      key0: 0\n      key1: 1\n      key2: 2\n      key3: 3\n      key4: 4\n      key5: 5\n      key6: 6\n      key7: 7\n      key8: 8\n      key9: 9\n      key10: 10\n      key11: 11\n    }\n  )\n}"
    ),
    (
      "{ a(x: {}) b(y: []) }",
      "{\n  a(x: {  })\n  b(y: [])\n}"
    ),
    (
      "{ a(s: \"quote \\\" backslash \\\\ tab \\t nl \\n ctrl \\u0001 del \\u007F nbsp \\u00A0 e\\u0301\") }",
      "{\n  a(s: \"quote \\\" backslash \\\\ tab \\t nl \\n ctrl \\u0001 del \\u007F nbsp \u{A0} e\u{301}\")\n}"
    ),
    (
      "query Q(\"\"\"var doc\"\"\" $a: Int, $b: Int) { a }",
      "query Q(\n\"\"\"var doc\"\"\"\n$a: Int\n$b: Int\n) {\n  a\n}"
    ),
    (
      "type T {\n  \"\"\"\n  Multi\n    line\n  \"\"\"\n  f(\"arg doc\" a: Int, b: Int): Int\n}",
      "type T {\n  \"\"\"\n  Multi\n    line\n  \"\"\"\n  f(\n    \"arg doc\"\n    a: Int\n    b: Int\n  ): Int\n}"
    ),
    (
      "type T { f(\"\"\"\n  indented\n\"\"\" a: Int): Int }",
      "type T {\n  f(\n    \"\"\"indented\"\"\"\n    a: Int\n  ): Int\n}"
    ),
    (
      "\"\"\"  leading space\"\"\" scalar S",
      "\"\"\"  leading space\"\"\"\nscalar S"
    ),
    (
      "\"\"\"a \"b\"\n\"\"\" scalar S",
      "\"\"\"\na \"b\"\n\"\"\"\nscalar S"
    ),
    (
      "\"\"\"contains \\\"\"\" quotes\"\"\" scalar S",
      "\"\"\"contains \\\"\"\" quotes\"\"\"\nscalar S"
    ),
    (
      "\"\"\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"\"\" scalar S",
      "\"\"\"\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\"\"\"\nscalar S"
    ),
    (
      "fragment F($a: Int = 1, $b: [B!]) on T @d { ...G(a: $a) ... @skip(if: true) { x } ... on U { y } }",
      "fragment F($a: Int = 1, $b: [B!]) on T @d {\n  ...G(a: $a)\n  ... @skip(if: true) {\n    x\n  }\n  ... on U {\n    y\n  }\n}"
    ),
    (
      "schema @d { query: Q mutation: M }",
      "schema @d {\n  query: Q\n  mutation: M\n}"
    ),
    (
      "extend schema @d",
      "extend schema @d"
    ),
    (
      "union U @d = A | B",
      "union U @d = A | B"
    ),
    (
      "enum E @d { A @x B }",
      "enum E @d {\n  A @x\n  B\n}"
    ),
    (
      "input I @d { a: Int = 1 @x }",
      "input I @d {\n  a: Int = 1 @x\n}"
    ),
    (
      "directive @d(a: Int) repeatable on FIELD | QUERY",
      "directive @d(a: Int) repeatable on FIELD | QUERY"
    ),
    (
      "extend directive @d @x",
      "extend directive @d @x"
    ),
    (
      "interface I implements A & B @d { f: Int }",
      "interface I implements A & B @d {\n  f: Int\n}"
    ),
    (
      "extend union U = C",
      "extend union U = C"
    ),
    (
      "subscription S { a }",
      "subscription S {\n  a\n}"
    ),
    (
      "extend type T implements I @d { f: Int }",
      "extend type T implements I @d {\n  f: Int\n}"
    ),
    (
      "extend input I { a: Int }",
      "extend input I {\n  a: Int\n}"
    ),
    (
      "extend enum E { A }",
      "extend enum E {\n  A\n}"
    ),
    (
      "extend scalar S @d",
      "extend scalar S @d"
    ),
    (
      "extend interface I { f: Int }",
      "extend interface I {\n  f: Int\n}"
    ),
    (
      "{ a(v: \"\"\"  x\n  y\"\"\") }",
      "{\n  a(v: \"\"\"\n    x\n  y\n  \"\"\")\n}"
    ),
  ]

  @Test("Documents print exactly as graphql-core's print_ast", arguments: printed)
  func printsLikeGraphQLCore(source: String, expected: String) throws {
    let document = try parseStructure(source, experimental: true)
    #expect(Printer.print(document) == expected)
    #expect(try parseStructure(expected, experimental: true) == document)
  }

  @Test("Values and types print on their own")
  func valuesAndTypes() throws {
    let value = try argumentValue(#"{a: [1, 2.5, "s", ENUM, null, true], b: $v}"#)
    #expect(Printer.print(value) == #"{ a: [1, 2.5, "s", ENUM, null, true], b: $v }"#)
    let type = try parseType(Source("[ Int ! ] !"))
    #expect(Printer.print(type) == "[Int!]!")
  }

  @Test("Nodes built in code print without locations")
  func builtNodes() {
    let document = Document(definitions: [
      .operation(
        OperationDefinition(
          operation: .query, name: Name("Q"),
          selectionSet: SelectionSet(selections: [
            .field(Field(alias: Name("b"), name: Name("a"))),
            .inlineFragment(
              InlineFragment(
                typeCondition: NamedType(name: Name("T")),
                selectionSet: SelectionSet(selections: [.field(Field(name: Name("c")))]))),
          ])))
    ])
    #expect(Printer.print(document) == "query Q {\n  b: a\n  ... on T {\n    c\n  }\n}")
  }

  @Test("Printing is stable: printing the printed kitchen sinks changes nothing", .requires(.graphQLCoreFixtures))
  func idempotent() throws {
    for name in ["kitchen_sink.graphql", "schema_kitchen_sink.graphql"] {
      let printed = Printer.print(try parseStructure(try Fixtures.graphqlCore(name), experimental: true))
      #expect(Printer.print(try parseStructure(printed, experimental: true)) == printed)
    }
  }
}
