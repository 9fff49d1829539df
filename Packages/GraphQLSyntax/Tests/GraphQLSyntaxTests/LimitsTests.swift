import Foundation
import TestPrerequisites
import Testing

@testable import GraphQLSyntax

@Suite("Limits: hostile input fails cleanly")
struct LimitsTests {
  static let tooDeep = "Syntax Error: Document is nested too deeply. Parsing aborted."

  @Test(
    "100,000 levels of nesting give graphql-core's error, not a stack overflow",
    arguments: [
      RejectedSource("{" + String(repeating: "a{", count: 100_000), tooDeep, 1, 401),
      RejectedSource("{ a(x: " + String(repeating: "[", count: 100_000), tooDeep, 1, 207),
      RejectedSource("query($v: " + String(repeating: "[", count: 100_000), tooDeep, 1, 212),
      RejectedSource("{ a(x: " + String(repeating: "{a: ", count: 100_000), tooDeep, 1, 804),
      RejectedSource(
        String(repeating: "{", count: 100_000), "Syntax Error: Expected Name, found '{'.", 1, 2),
    ])
  func deepNesting(_ rejected: RejectedSource) {
    expectRejected(rejected)
  }

  @Test("Nesting up to maxDepth parses; one more level fails at that level")
  func depthBoundary() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
    }
    let options = ParseOptions(maxDepth: 5)
    _ = try parse(Source(nested(5)), options: options)
    expectRejected(RejectedSource(nested(6), Self.tooDeep, 1, 21), options: options)
  }

  @Test(
    "The token limit counts comments and stops where graphql-core stops",
    arguments: [
      (4, RejectedSource("{ a b c d }", "Syntax Error: Document contains more than 4 tokens. Parsing aborted.", 1, 9)),
      (5, RejectedSource("{ a b c d }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", 1, 11)),
      (3, RejectedSource("{ a #c1\n #c2\n b }", "Syntax Error: Document contains more than 3 tokens. Parsing aborted.", 2, 2)),
      (4, RejectedSource("{ a #c1\n #c2\n b }", "Syntax Error: Document contains more than 4 tokens. Parsing aborted.", 3, 2)),
      (5, RejectedSource("{ a #c1\n #c2\n b }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", 3, 4)),
    ])
  func tokenLimit(maxTokens: Int, rejected: RejectedSource) {
    expectRejected(rejected, options: ParseOptions(maxTokens: maxTokens))
  }

  @Test("A document exactly at the token limit parses")
  func tokenLimitBoundary() throws {
    _ = try parse(Source("{ a b c }"), options: ParseOptions(maxTokens: 5))
    _ = try parse(Source("{ a #c1\n #c2\n b }"), options: ParseOptions(maxTokens: 6))
  }

  @Test("Without a token limit, a long document parses")
  func noTokenLimit() throws {
    let text = "{" + String(repeating: " a", count: 50_000) + " }"
    let document = try parse(Source(text), options: ParseOptions(maxTokens: nil))
    guard case .operation(let operation) = document.definitions[0] else {
      Issue.record("Not an operation")
      return
    }
    #expect(operation.selectionSet.selections.count == 50_000)
  }

  /// A secondary thread's default stack on Apple platforms is 512 KB; parsing and
  /// printing on one must survive the deepest document the default limit allows, even
  /// in a debug build. (Comparing such trees is done on the test's own thread.)
  @Test("The deepest documents the default allows parse and print on a 512 KB stack")
  func smallStack() async throws {
    let depth = ParseOptions().maxDepth
    let texts = [
      String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth),
      "{ a(x: " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + ") }",
      "{ a(x: " + String(repeating: "{a: ", count: depth - 1) + "1" + String(repeating: "}", count: depth - 1) + ") }",
      "query($v: " + String(repeating: "[", count: depth) + "T" + String(repeating: "]", count: depth) + ") { a }",
      "{ " + String(repeating: "... on T { ", count: depth - 1) + "a" + String(repeating: " }", count: depth),
    ]
    let pairs = try await onSmallStack {
      try texts.map { text throws(SyntaxError) in
        let document = try parse(Source(text), options: ParseOptions(noLocation: true))
        let reparsed = try parse(Source(Printer.print(document)), options: ParseOptions(noLocation: true))
        return (document, reparsed)
      }
    }
    #expect(pairs.count == texts.count)
    for (document, reparsed) in pairs {
      #expect(document == reparsed)
    }
  }
}
