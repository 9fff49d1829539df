import Testing

@testable import GraphQLSyntax

@Suite("Lexer")
struct LexerTests {
  @Test("Every punctuator lexes to its own token kind")
  func punctuators() throws {
    let tokens = try lexTokens("! $ & ( ) ... : = @ [ ] { | }")
    #expect(
      tokens.map(\.kind) == [
        .bang, .dollar, .amp, .parenL, .parenR, .spread, .colon, .equals, .at, .bracketL,
        .bracketR, .braceL, .pipe, .braceR, .endOfFile,
      ])
    #expect(tokens[5].start == 10 && tokens[5].end == 13)
  }

  @Test("White space, commas, line terminators, BOMs and comments are skipped")
  func ignoredTokens() throws {
    let tokens = try lexTokens("\u{FEFF} \t,,\r\n# a comment \u{1F600}\r  foo # trailing\n\rbar")
    #expect(tokens.map(\.kind) == [.name, .name, .endOfFile])
    let source = Source("\u{FEFF} \t,,\r\n# a comment \u{1F600}\r  foo # trailing\n\rbar")
    #expect(source.location(at: tokens[0].start) == GraphQLSyntax.SourceLocation(line: 3, column: 3))
    #expect(source.location(at: tokens[1].start) == GraphQLSyntax.SourceLocation(line: 5, column: 1))
  }

  @Test("Names are ASCII letters, digits and underscores")
  func names() throws {
    let tokens = try lexTokens("_a1 B_2c")
    #expect(tokens.map(\.kind) == [.name, .name, .endOfFile])
    #expect(tokens[0].end == 3 && tokens[1].start == 4 && tokens[1].end == 8)
  }

  /// Names are scanned eight bytes at a time away from the end of the source and byte by
  /// byte near it: every ASCII byte and two multi-byte characters after a name, at every
  /// place in a word and near the end, must end it where the byte-by-byte rule does.
  @Test("A name ends at the first byte that is not a letter, digit or underscore")
  func nameEnds() {
    let followers = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["\u{E9}", "\u{1F600}"]
    for follower in followers {
      for length in 1...17 {
        for tail in ["", "x", "_tail of the source"] {
          let bytes = Array((String(repeating: "a", count: length) + follower + tail).utf8)
          let expected = bytes.indices.first { !CharacterClasses.isNameContinue(bytes[$0]) }
          let end = bytes.withUnsafeBufferPointer { buffer in
            ByteScan.nameEnd(in: buffer, from: 1, to: buffer.count)
          }
          #expect(end == expected ?? bytes.count, "\(bytes)")
        }
      }
    }
  }

  /// Short ASCII text is written straight into the small-string form; it must be the very
  /// string the stdlib would build, at every length, next to non-ASCII bytes and near the
  /// end of the source (where the words cannot be loaded and the general path is taken).
  @Test("Token text is the same string the stdlib builds from the bytes")
  func tokenText() {
    let text = "abcdefghijklmnopqrstuvwxyz_0123456789 \u{E9}t\u{1F600} ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let source = Source(text)
    source.bytes.withUnsafeBufferPointer { bytes in
      let lexer = Lexer(bytes: bytes, source: source, maxTokens: nil)
      for start in 0...bytes.count {
        for end in start...min(start + 20, bytes.count) {
          let slice = Array(bytes[start..<end])
          let expected = String(decoding: slice, as: UTF8.self)
          guard Array(expected.utf8) == slice else { continue }  // cuts a character
          let actual = lexer.text(start, end)
          #expect(actual == expected)
          #expect(Array(actual.utf8) == slice)
          #expect(actual.hashValue == expected.hashValue)
          #expect(
            unsafeBitCast(actual, to: (UInt64, UInt64).self)
              == unsafeBitCast(expected, to: (UInt64, UInt64).self) || end - start > 15)
          #expect(actual + "!" == expected + "!")
        }
      }
    }
  }

  @Test(
    "Numbers lex as Int or Float with their text",
    arguments: [
      ("4", TokenKind.int), ("-4", .int), ("0", .int), ("-0", .int), ("9", .int),
      ("4.123", .float), ("-4.123", .float), ("0.123", .float), ("123e4", .float),
      ("123E4", .float), ("123e-4", .float), ("123e+4", .float), ("-1.123e4", .float),
      ("-1.123E-4", .float), ("-1.123e4567", .float),
    ])
  func numbers(text: String, kind: TokenKind) throws {
    let tokens = try lexTokens(text)
    #expect(tokens.first?.kind == kind)
    #expect(tokens.first?.end == text.utf8.count)
    let value = try argumentValue(text)
    switch value {
    case .int(let int): #expect(kind == .int && int.value == text)
    case .float(let float): #expect(kind == .float && float.value == text)
    default: Issue.record("Not a number: \(value)")
    }
  }

  @Test(
    "Strings resolve every escape",
    arguments: [
      (#""""#, ""),
      (#""simple""#, "simple"),
      (#"" white space ""#, " white space "),
      (#""quote \"""#, "quote \""),
      (#""escaped \n\r\b\t\f""#, "escaped \n\r\u{08}\t\u{0C}"),
      (#""slashes \\ \/""#, "slashes \\ /"),
      (#""unescaped unicode outside BMP \#u{1F600}""#, "unescaped unicode outside BMP \u{1F600}"),
      (#""unicode \u1234\u5678\u90AB\uCDEF""#, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
      (#""unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}""#, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
      (#""string with unicode escape outside BMP \u{1F600}""#, "string with unicode escape outside BMP \u{1F600}"),
      (#""string with minimal unicode escape \u{0}""#, "string with minimal unicode escape \u{0}"),
      (#""string with maximal unicode escape \u{10FFFF}""#, "string with maximal unicode escape \u{10FFFF}"),
      (#""string with maximal minimal unicode escape \u{00000000}""#, "string with maximal minimal unicode escape \u{0}"),
      (#""string with unicode surrogate pair escape \uD83D\uDE00""#, "string with unicode surrogate pair escape \u{1F600}"),
      (#""string with minimal surrogate pair escape \uD800\uDC00""#, "string with minimal surrogate pair escape \u{10000}"),
      (#""string with maximal surrogate pair escape \uDBFF\uDFFF""#, "string with maximal surrogate pair escape \u{10FFFF}"),
      ("\"control \u{01} and \u{7F} pass\"", "control \u{01} and \u{7F} pass"),
    ])
  func strings(text: String, expected: String) throws {
    #expect(try argumentValue(text) == .string(StringValue(expected)))
  }

  @Test(
    "Block strings are dedented and unescape only \\\"\"\"",
    arguments: [
      (#""""""""#, ""),
      (#""""simple""""#, "simple"),
      (#"""" white space """"#, " white space "),
      ("\"\"\"contains \" quote\"\"\"", "contains \" quote"),
      ("\"\"\"contains \\\"\"\" triple quote\"\"\"", "contains \"\"\" triple quote"),
      ("\"\"\"multi\nline\"\"\"", "multi\nline"),
      ("\"\"\"multi\rline\r\nnormalized\"\"\"", "multi\nline\nnormalized"),
      (#""""unescaped \n\r\b\t\f\u1234""""#, #"unescaped \n\r\b\t\f\u1234"#),
      ("\"\"\"\n\n    spans\n      multiple\n        lines\n\n    \"\"\"", "spans\n  multiple\n    lines"),
      ("\"\"\"  first line keeps its indent\n    next\"\"\"", "  first line keeps its indent\nnext"),
      ("\"\"\"\n  \t  \n   \"\"\"", ""),
    ])
  func blockStrings(text: String, expected: String) throws {
    #expect(try argumentValue(text) == .string(StringValue(expected, block: true)))
  }

  @Test("Lexical errors give graphql-core's message and place", arguments: lexicalErrors)
  func lexicalError(_ rejected: RejectedSource) {
    expectRejected(rejected)
  }

  static let lexicalErrors: [RejectedSource] = [
    .init(#"{ a(x: "\u{D800}") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u{D800}'."#, 1, 9),
    .init(#"{ a(x: "\u{110000}") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u{110000}'."#, 1, 9),
    .init(#"{ a(x: "\u{}") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u{}'."#, 1, 9),
    .init(#"{ a(x: "\u{FXY}") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u{FX'."#, 1, 9),
    .init(#"{ a(x: "\u{0000000041}") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u{000000004'."#, 1, 9),
    .init(#"{ a(x: "\uD83D") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\uD83D'."#, 1, 9),
    .init(#"{ a(x: "\uDE00") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\uDE00'."#, 1, 9),
    .init(#"{ a(x: "\uD83D\u0041") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\uD83D'."#, 1, 9),
    .init(#"{ a(x: "\uXYZW") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\uXYZW'."#, 1, 9),
    .init(#"{ a(x: "\u12") }"#, #"Syntax Error: Invalid Unicode escape sequence: '\u12")'."#, 1, 9),
    .init(#"{ a(x: "\q") }"#, #"Syntax Error: Invalid character escape sequence: '\q'."#, 1, 9),
    .init(#"{ a(x: "\"#, #"Syntax Error: Invalid character escape sequence: '\'."#, 1, 9),
    .init(#"{ a(x: "abc"#, "Syntax Error: Unterminated string.", 1, 12),
    .init("{ a(x: \"a\nb\") }", "Syntax Error: Unterminated string.", 1, 10),
    .init(#"{ a(x: """abc"#, "Syntax Error: Unterminated string.", 1, 14),
    .init("{ a(x: 00) }", "Syntax Error: Invalid number, unexpected digit after 0: '0'.", 1, 9),
    .init("{ a(x: 01) }", "Syntax Error: Invalid number, unexpected digit after 0: '1'.", 1, 9),
    .init("{ a(x: 1.) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
    .init("{ a(x: .5) }", "Syntax Error: Invalid number, expected digit before '.', did you mean '0.5'?", 1, 8),
    .init("{ a(x: 1.2.3) }", "Syntax Error: Invalid number, expected digit but got: '.'.", 1, 11),
    .init("{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
    .init("{ a(x: 1e+) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 11),
    .init("{ a(x: 1x) }", "Syntax Error: Invalid number, expected digit but got: 'x'.", 1, 9),
    .init("{ a(x: 1.0e1.) }", "Syntax Error: Invalid number, expected digit but got: '.'.", 1, 13),
    .init("{ a(x: -) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 9),
    .init("{ a(x: -x) }", "Syntax Error: Invalid number, expected digit but got: 'x'.", 1, 9),
    .init("{ a(x: 1_0) }", "Syntax Error: Invalid number, expected digit but got: '_'.", 1, 9),
    .init("{ ..a }", "Syntax Error: Unexpected '..', did you mean '...'?", 1, 3),
    .init("{ a(x: 'b') }", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 8),
    .init("{ a ? }", "Syntax Error: Unexpected character: '?'.", 1, 5),
    .init("{ a \u{E9} }", "Syntax Error: Unexpected character: U+00E9.", 1, 5),
    .init("{ a \u{07} }", "Syntax Error: Unexpected character: U+0007.", 1, 5),
    .init("{ a \u{1F600} }", "Syntax Error: Unexpected character: U+1F600.", 1, 5),
    .init("\u{FEFF}{ a } ~", "Syntax Error: Unexpected character: '~'.", 1, 8),
    .init("query\r\n{\r\n  a ~", "Syntax Error: Unexpected character: '~'.", 3, 5),
    .init("query\r{\r  a ~", "Syntax Error: Unexpected character: '~'.", 3, 5),
    .init("# comment \n { a ^", "Syntax Error: Unexpected character: '^'.", 2, 6),
    .init("{ a(x: \"\u{E9}\u{E9}\u{E9}\") } ^", "Syntax Error: Unexpected character: '^'.", 1, 17),
    .init(#"{ a(x: "\u{1F600}" ) } %"#, "Syntax Error: Unexpected character: '%'.", 1, 24),
    .init("{ a . b }", "Syntax Error: Unexpected character: '.'.", 1, 5),
  ]

  @Test("Ill-formed UTF-8 is replaced, never trusted")
  func illFormedUTF8() throws {
    let source = Source(bytes: Array("{ a(x: \"".utf8) + [0xFF, 0xC3] + Array("\") }".utf8))
    let document = try parse(source, options: ParseOptions(noLocation: true))
    #expect(Printer.print(document) == "{\n  a(x: \"\u{FFFD}\u{FFFD}\")\n}")
  }

  @Test("A byte search finds the first of its two bytes wherever it falls, or the end")
  func byteSearch() {
    // Every position in and around the sixteen- and eight-byte blocks, each byte alone
    // with a second match three bytes on, and a search that ends before the byte.
    for length in 0...40 {
      for position in 0..<max(length, 1) {
        for byte: UInt8 in [0x22, 0x5C] {
          var bytes = [UInt8](repeating: 0x61, count: length)
          if position < length { bytes[position] = byte }
          if position + 3 < length { bytes[position + 3] = 0x22 }
          let found = bytes.withUnsafeBufferPointer {
            ByteScan.find(0x22, 0x5C, in: $0, from: 0, to: $0.count)
          }
          #expect(found == (position < length ? position : length))
          let short = bytes.withUnsafeBufferPointer {
            ByteScan.find(0x22, 0x5C, in: $0, from: 0, to: min(position, $0.count))
          }
          #expect(short == min(position, length))
        }
      }
    }
  }
}
