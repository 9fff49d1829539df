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

  /// Far from the end, names and punctuators are read with unchecked sixteen-byte loads;
  /// near it, with bounds tests. Trailing blanks move each token from one path to the
  /// other: tokens, errors and the token limit must not change.
  @Test("Tokens and errors do not depend on how far the source runs past them")
  func trailingBlanks() {
    let names = (1...40).map { String("aZ_09qQzy8_bMcDeFgHiJkLmNoPqRsTuVwXyZ0123".prefix($0)) }
    let documents = [
      "query Q($a: [Int!] = [1, -2.5e3], $b: String = \"x\\u00E9\") { f(a: $a) @d { ...F } }",
      "\u{FEFF}# comment\r\n{\r\n\t a,,b\r c\n\n\n          d\n}",
      "\"\"\"\n  block \u{E9}\n\"\"\" type T implements A & B { f: [T!]! } union U = | A | B",
      "{ a ? }", "{ a \u{E9} }", "{ a \u{07} }", "{ ..a }", "{ a(x: .5) }", "{ a(x: 01) }",
    ] + names.map { "{\n" + String(repeating: " ", count: $0.count) + $0 + "\u{E9} }" }
      + names.map { "{ " + $0 + "(" + $0 + ": $" + $0 + ") }" }
    for text in documents {
      let expected = lexOutcome(text)
      for padding in 0...60 {
        let blanks = (0..<padding).map { $0 % 5 == 4 ? "\n" : " " }.joined()
        #expect(lexOutcome(text + blanks) == expected, "\(text.debugDescription) + \(padding)")
      }
    }
    for limit in 4...6 {
      for padding in [0, 20, 47, 48, 49, 80] {
        let indent = String(repeating: " ", count: padding)
        let source = Source("{ a\n" + indent + "b c }" + indent)
        let outcome = Result { () throws(SyntaxError) in
          try parse(source, options: ParseOptions(maxTokens: limit))
        }
        // Five tokens: the fifth, `}`, is one too many for a limit of four.
        if case .failure(let error) = outcome {
          #expect(limit == 4 && error.message.contains("more than 4 tokens"))
          #expect(error.line == 2 && error.column == padding + 5)
        } else {
          #expect(limit >= 5)
        }
      }
    }
  }

  /// Random runs of names, punctuators and ignored bytes, compared with the grammar
  /// applied byte by byte; the runs of blanks cover every length to 40.
  @Test("Names, punctuators and ignored tokens lex as the grammar reads them byte by byte")
  func randomTokens() throws {
    var random = SplitMix(seed: 7)
    let nameStart = Array("abcxyzABCXYZ_".utf8)
    let nameContinue = nameStart + Array("0189".utf8)
    let blanks = Array(" \n\t,\r".utf8)
    let punctuators = ["!", "$", "&", "(", ")", "...", ":", "=", "@", "[", "]", "{", "|", "}"]
    for _ in 0..<200 {
      var bytes: [UInt8] = []
      for _ in 0..<40 {
        switch random.below(6) {
        case 0, 1:
          bytes.append(nameStart[random.below(nameStart.count)])
          bytes += (0..<random.below(40)).map { _ in
            nameContinue[random.below(nameContinue.count)]
          }
        case 2: bytes += Array(punctuators[random.below(punctuators.count)].utf8)
        case 3: bytes += Array("# note\n".utf8)
        default:
          let spacesOnly = random.below(2) == 0
          bytes += (0..<random.below(41)).map { _ in spacesOnly ? 0x20 : blanks[random.below(5)] }
        }
        if random.below(3) == 0 { bytes.append(0x20) }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let tokens = try lexTokens(text).dropLast().map { "\($0.kind) \($0.start)..<\($0.end)" }
      #expect(tokens == Self.referenceTokens(bytes), "\(text.debugDescription)")
    }
  }

  /// Names, punctuators (with `...`), white space, commas, line ends and comments.
  static func referenceTokens(_ bytes: [UInt8]) -> [String] {
    let kinds: [UInt8: TokenKind] = [
      0x21: .bang, 0x24: .dollar, 0x26: .amp, 0x28: .parenL, 0x29: .parenR, 0x3A: .colon,
      0x3D: .equals, 0x40: .at, 0x5B: .bracketL, 0x5D: .bracketR, 0x7B: .braceL, 0x7C: .pipe,
      0x7D: .braceR,
    ]
    var tokens: [String] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var end = index + 1
      if byte == 0x23 {
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
      } else if CharacterClasses.isNameStart(byte) {
        while end < bytes.count && CharacterClasses.isNameContinue(bytes[end]) { end += 1 }
        tokens.append("\(TokenKind.name) \(index)..<\(end)")
      } else if byte == 0x2E {
        end = index + 3
        tokens.append("\(TokenKind.spread) \(index)..<\(end)")
      } else if let kind = kinds[byte] {
        tokens.append("\(kind) \(index)..<\(end)")
      }
      index = end
    }
    return tokens
  }

  /// The tokens up to the end, or the error with its place.
  private func lexOutcome(_ text: String) -> String {
    do throws(SyntaxError) {
      return try lexTokens(text).dropLast().map { "\($0.kind) \($0.start)..<\($0.end)" }
        .joined(separator: " ")
    } catch {
      return "\(error.message) \(error.line):\(error.column)"
    }
  }
}

/// A small seeded generator (SplitMix64), so that random tests fail the same way twice.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func below(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((value ^ (value >> 31)) % UInt64(bound))
  }
}
