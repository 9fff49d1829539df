import Testing

@testable import GraphQLSyntax

@Suite("Sources that must be UTF-8")
struct SourceValidatingTests {
  /// Bytes after `{ a }\n# ` and the line:column of the first bad one.
  static let illFormed: [([UInt8], String, Int, Int)] = [
    ([0xFF], "0xFF", 2, 3),
    ([0x80], "0x80", 2, 3),  // a continuation byte without a lead
    ([0xC0, 0x80], "0xC0", 2, 3),  // overlong NUL
    ([0xE0, 0x80, 0x80], "0xE0", 2, 3),  // overlong
    ([0xED, 0xA0, 0x80], "0xED", 2, 3),  // a surrogate
    ([0xF4, 0x90, 0x80, 0x80], "0xF4", 2, 3),  // past U+10FFFF
    ([0xC3, 0xA9, 0xE2, 0x82], "0xE2", 2, 4),  // é, then a sequence cut off by the end
    ([0xF0, 0x9F, 0x98, 0x80, 0x0A, 0x61, 0xE9, 0x20], "0xE9", 3, 2),
  ]

  @Test("The first ill-formed byte is the error, at its line and column", arguments: illFormed)
  func rejects(bytes: [UInt8], hex: String, line: Int, column: Int) {
    let prefix = Array("{ a }\n# ".utf8)
    do throws(SyntaxError) {
      _ = try Source(validating: prefix + bytes, name: "bad.graphql")
      Issue.record("Accepted \(bytes)")
    } catch {
      #expect(error.message == "Syntax Error: Invalid UTF-8: byte \(hex) is not part of a well-formed sequence.")
      #expect(error.line == line && error.column == column)
      #expect(error.sourceName == "bad.graphql")
    }
  }

  @Test("Well-formed UTF-8 is taken as it is")
  func accepts() throws {
    let text = "{ a(x: \"caf\u{E9} \u{1F600} \u{10FFFF}\") }"
    let source = try Source(validating: Array(text.utf8))
    #expect(source.bytes == Array(text.utf8))
  }
}
