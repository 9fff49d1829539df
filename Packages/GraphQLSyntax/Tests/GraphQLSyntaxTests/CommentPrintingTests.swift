import Testing

@testable import GraphQLSyntax

/// A document with comments and the text the formatter prints for it.
struct CommentedCase: CustomTestStringConvertible, Sendable {
  var name: String
  var input: String
  var printed: String

  init(_ name: String, _ input: String, _ printed: String) {
    self.name = name
    self.input = input
    self.printed = printed
  }

  var testDescription: String { name }
}

/// The comments of `text` as written, in source order.
func commentTexts(_ text: String) throws(SyntaxError) -> [String] {
  let commented = try parseKeepingComments(Source(text))
  return commented.comments.map { comment in
    String(decoding: commented.source.bytes[comment.start..<comment.end], as: UTF8.self)
  }
}

@Suite("Printing with comments")
struct CommentPrintingTests {
  static let cases: [CommentedCase] = [
    .init(
      "before definitions, a blank line kept at the top level",
      "# File header.\n\n# About A.\nquery A { a }\n# About B.\nquery B { b }",
      "# File header.\n\n# About A.\nquery A {\n  a\n}\n\n# About B.\nquery B {\n  b\n}"),
    .init(
      "between selections and before the closing brace",
      "{\n  a\n  # before b\n  b\n  # last\n}",
      "{\n  a\n  # before b\n  b\n  # last\n}"),
    .init(
      "trailing on a line, after a field and after a definition",
      "query Q { a # after a\n b { c } # after b\n } # after Q",
      "query Q {\n  a # after a\n  b {\n    c\n  } # after b\n} # after Q"),
    .init(
      "inside arguments: the arguments go one per line",
      "{ f(a: 1, # after a\n b: 2) g(\n# first\nx: 1) }",
      "{\n  f(\n    a: 1 # after a\n    b: 2\n  )\n  g(\n    # first\n    x: 1\n  )\n}"),
    .init(
      "inside list and object values",
      "{ f(a: [1, # one\n 2], b: {x: 1 # x\n, y: 2 # y\n}) }",
      "{\n  f(a: [\n    1 # one\n    2\n  ], b: {\n    x: 1 # x\n    y: 2 # y\n  })\n}"),
    .init(
      "inside empty list and object values",
      "{ f(a: [ # nothing\n], b: {\n# none\n}) }",
      "{\n  f(a: [\n    # nothing\n  ], b: {\n    # none\n  })\n}"),
    .init(
      "inside directive arguments and variable definitions",
      "query Q(\n# the id\n$id: ID) @d(a: 1 # a\n) { a }",
      "query Q(\n# the id\n$id: ID\n) @d(\n  a: 1 # a\n) {\n  a\n}"),
    .init(
      "at the end of the document",
      "{ a }\n# the end\n\n# really",
      "{\n  a\n}\n\n# the end\n\n# really"),
    .init(
      "where no node starts: kept before the next one",
      "query # after the keyword\n Q { a }",
      "query Q {\n  # after the keyword\n  a\n}"),
    .init(
      "inside a node where no list item is: before that node",
      "type T {\n  \"about f\"\n  # c\n  f: [\n# d\nInt]\n}\nunion U = # members\n | A | B\nscalar S",
      "type T {\n  # c\n  # d\n  \"about f\"\n  f: [Int]\n}\n\n# members\nunion U = A | B\n\nscalar S"),
    .init(
      "in type-system documents: fields, arguments, enum values, input fields",
      """
      # A type.
      type T {
        # The id.
        id: ID! # never null
        f(
          # first
          a: Int # after a
        ): Int
      }
      enum E { A # first
      # before B
      B }
      input I {
        # x
        x: Int
      } # after I
      schema { # roots
        query: T }
      """,
      """
      # A type.
      type T {
        # The id.
        id: ID! # never null
        f(
          # first
          a: Int # after a
        ): Int
      }

      enum E {
        A # first
        # before B
        B
      }

      input I {
        # x
        x: Int
      } # after I

      schema {
        # roots
        query: T
      }
      """),
    .init(
      "trailing blanks and carriage returns are not part of a comment",
      "{\r\n  a # x  \t\r\n  b\r\n}\r\n",
      "{\n  a # x\n  b\n}"),
  ]

  @Test("Comments are printed where they were", arguments: cases)
  func printsComments(_ example: CommentedCase) throws {
    let printed = Printer.print(try parseKeepingComments(Source(example.input)))
    #expect(printed == example.printed)
  }

  @Test("Printing is idempotent, keeps every comment once and keeps the AST", arguments: cases)
  func roundTrips(_ example: CommentedCase) throws {
    let printed = Printer.print(try parseKeepingComments(Source(example.input)))
    #expect(Printer.print(try parseKeepingComments(Source(printed))) == printed)
    let trimmed = try commentTexts(example.input).map {
      String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    #expect(try commentTexts(printed) == trimmed)
    #expect(try parseStructure(printed) == parseStructure(example.input))
  }

  @Test("A # in a block string or a string is not a comment")
  func hashInStrings() throws {
    let text = "{ f(a: \"\"\"\n  # not a comment\n\"\"\", b: \"# nor this\") }"
    let commented = try parseKeepingComments(Source(text))
    #expect(commented.comments.isEmpty)
    #expect(Printer.print(commented) == Printer.print(try parse(Source(text))))
  }

  @Test("Without comments, the output is the plain printer's")
  func plainWithoutComments() throws {
    let texts = [
      "query Q($a: [Int!] = [1, 2], $b: String @d) @e { f(a: $a, b: {x: 1}) @g { ... on T { h } ...F } }",
      "fragment F on T @d { a(x: [[1], [2]]) }",
      "\"desc\" type T implements A & B @d { \"\"\"f\"\"\" f(\"a\" a: Int = 1 @d): [T!]! } union U = A | B",
      "enum E { A @d B } input I { x: Int = 1 } directive @d(a: Int) repeatable on FIELD | QUERY",
      "extend schema @d { query: Q } extend type T { a: Int } extend enum E { C } extend input I { y: Int }",
      "{ f(a: \"\(String(repeating: "x", count: 90))\", b: [\(String(repeating: "1, ", count: 40))1]) }",
    ]
    for text in texts {
      let commented = try parseKeepingComments(Source(text))
      #expect(commented.comments.isEmpty)
      #expect(Printer.print(commented) == Printer.print(try parse(Source(text))))
      #expect(try parse(Source(text)) == commented.document)
    }
  }
}
