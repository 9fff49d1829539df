import Testing

@testable import GraphQLSyntax

@Suite("Syntax errors: messages and code frames")
struct SyntaxErrorTests {
  func firstError(_ text: String, name: String = "GraphQL request") -> SyntaxError? {
    do throws(SyntaxError) {
      _ = try parse(Source(text, name: name))
      return nil
    } catch {
      return error
    }
  }

  @Test("The description names the place and shows the lines around it")
  func codeFrame() throws {
    let error = try #require(firstError("query {\n  a\n  b(\n}\n", name: "Query.graphql"))
    #expect(error.sourceName == "Query.graphql")
    #expect(
      error.description
        == """
        Query.graphql:4:1: Syntax Error: Expected Name, found '}'.
        3 |   b(
        4 | }
          | ^
        5 |
        """)
  }

  @Test("The first line has no line before it; gutters align across widths")
  func firstLineAndGutter() throws {
    let first = try #require(firstError("{ a ? }"))
    #expect(
      first.description
        == """
        GraphQL request:1:5: Syntax Error: Unexpected character: '?'.
        1 | { a ? }
          |     ^
        """)
    let tenth = try #require(firstError(String(repeating: "\n", count: 9) + "{ ? }"))
    #expect(
      tenth.description
        == """
        GraphQL request:10:3: Syntax Error: Unexpected character: '?'.
         9 |
        10 | { ? }
           |   ^
        """)
  }

  @Test("Columns count code points and lines end at \\r\\n and \\r too")
  func unicodeColumns() throws {
    let error = try #require(firstError("{ a(x: \"\u{1F600}\u{E9}\") }\r\n{ b }\r{ ?"))
    #expect(error.line == 3 && error.column == 3)
    let emoji = try #require(firstError("{ a(x: \"\u{1F600}\") ? }"))
    #expect(emoji.column == 13)
  }

  @Test("Lines over 120 code points are shown in chunks of 80")
  func longLine() throws {
    let error = try #require(firstError("{ " + String(repeating: "a ", count: 70) + "? }"))
    #expect(error.column == 143)
    #expect(
      error.description
        == "GraphQL request:1:143: Syntax Error: Unexpected character: '?'.\n"
        + "1 | { \(String(repeating: "a ", count: 39))\n"
        + "  | \(String(repeating: "a ", count: 31))? }\n"
        + "  | \(String(repeating: " ", count: 62))^")
  }

  @Test("PrintLocation.print renders graphql-core's print_source_location")
  func printLocation() {
    let source = Source("type Query { hello: String }")
    #expect(
      PrintLocation.print(source, GraphQLSyntax.SourceLocation(line: 1, column: 14))
        == "GraphQL request:1:14\n1 | type Query { hello: String }\n  |              ^")
  }
}
