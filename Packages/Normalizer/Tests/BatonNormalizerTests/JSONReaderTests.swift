import Testing
@_spi(Development) @testable import BatonNormalizer

@Suite struct JSONReaderTests {
  @Test func readsEveryKindOfValue() throws {
    let value = try JSONReader.parse(bytes(#" {"a": [1, -2.5e3, 0, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}} "#))
    #expect(value == [
      "a": [.number("1"), .number("-2.5e3"), .number("0"), true, false, nil],
      "b": .string("x\"\\/\u{8}\u{c}\n\r\té😀"),
      "c": .object([]),
    ])
  }

  @Test func keepsMemberOrderAndNumberText() throws {
    let text = #"{"z":1.50,"a":[],"m":"é"}"#
    let value = try JSONReader.parse(bytes(text))
    #expect(JSONWriter.string(value) == text)
    #expect(JSONWriter.string(value, sortedKeys: true) == #"{"a":[],"m":"é","z":1.50}"#)
  }

  /// Quotes, backslashes and control characters are escaped wherever they fall in a
  /// string, the runs between them copied as they are, and what is written reads back.
  @Test func writesEscapesBetweenRunsOfPlainText() throws {
    let texts = ["", "plain", "\"", "a\"b\\c", "\n\r\t\u{8}\u{c}\u{1}\u{1f}", "é\"ü\n", "end\\"]
    let written = texts.map { JSONWriter.string(.string($0)) }
    #expect(written == [
      #""""#, #""plain""#, #""\"""#, #""a\"b\\c""#, #""\n\r\t\b\f\u0001\u001f""#, #""é\"ü\n""#, #""end\\""#,
    ])
    for (text, json) in zip(texts, written) { #expect(try JSONReader.parse(bytes(json)) == .string(text)) }
  }

  /// Every form of escape decodes at every offset within the eight-byte words the reader
  /// scans by, between runs of every length, in the tape the normalizer reads as in a tree.
  @Test func decodesEveryEscapeAtEveryOffsetOfAWord() throws {
    let escapes = [
      (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"),
      (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\u0041"#, "A"), (#"\u00e9"#, "é"), (#"\u2603"#, "☃"),
      (#"\ud83d\ude00"#, "😀"),
    ]
    // And every escape back to back with every other, as a body's `\r\n` runs.
    let together = (escapes.map(\.0).joined(), escapes.map(\.1).joined())
    for run in 0..<17 {
      let plain = String(repeating: "x", count: run)
      for (escape, character) in escapes + [together] {
        let json = #"{"s":""# + plain + escape + plain + escape + "y" + #""}"#
        let expected = plain + character + plain + character + "y"
        #expect(try JSONReader.parse(bytes(json)) == ["s": .string(expected)], "\(json)")
        let tape = try #require(JSONTape(scanning: bytes(json), depthLimit: 8))
        #expect(tape.value(0) == ["s": .string(expected)], "\(json)")
      }
    }
  }

  /// Containers repeated at one place start with the room the last one there took: sizes
  /// that shrink, grow, empty out or run past what is reserved all read as written.
  @Test func readsRepeatedContainersOfChangingSizes() throws {
    let sizes = [3, 1, 5, 0, 2000, 2, 1100, 4]
    let lists = sizes.map { count in "[" + (0..<count).map(String.init).joined(separator: ",") + "]" }
    let objects = sizes.map { count in "{" + (0..<count).map { #""k\#($0)":{"n":\#($0)}"# }.joined(separator: ",") + "}" }
    let text = #"{"lists":["# + lists.joined(separator: ",") + #"],"objects":["# + objects.joined(separator: ",") + "]}"
    let value = try JSONReader.parse(bytes(text))
    #expect(JSONWriter.string(value) == text)
    guard case .array(let read)? = value["lists"] else {
      Issue.record("no lists")
      return
    }
    #expect(read.map { if case .array(let items) = $0 { items.count } else { -1 } } == sizes)
  }

  struct BadText: CustomTestStringConvertible, Sendable {
    var text: String
    var offset: Int
    var path: [PathComponent]
    var reason: String
    var testDescription: String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
  }

  static let badTexts: [BadText] = [
    BadText(text: "", offset: 0, path: [], reason: "ends before"),
    BadText(text: #"{"a": [1, 2"#, offset: 11, path: [.key("a")], reason: "ends before"),
    BadText(text: #"{"a": tru}"#, offset: 9, path: [.key("a")], reason: "unexpected character '}'"),
    BadText(text: "[1,]", offset: 3, path: [.index(1)], reason: "unexpected character ']'"),
    BadText(text: #"{"a":1,}"#, offset: 7, path: [], reason: "unexpected character '}'"),
    BadText(text: "[01]", offset: 2, path: [.index(0)], reason: "number does not follow"),
    BadText(text: "[.5]", offset: 1, path: [.index(0)], reason: "unexpected character '.'"),
    BadText(text: "[1.]", offset: 3, path: [.index(0)], reason: "number does not follow"),
    BadText(text: "[-]", offset: 2, path: [.index(0)], reason: "number does not follow"),
    BadText(text: "[\"a\u{1}\"]", offset: 3, path: [.index(0)], reason: "control character"),
    BadText(text: #"["\x"]"#, offset: 3, path: [.index(0)], reason: "invalid escape"),
    BadText(text: #"["\u12"]"#, offset: 6, path: [.index(0)], reason: "four hexadecimal digits"),
    BadText(text: #"["\ud800x"]"#, offset: 8, path: [.index(0)], reason: "surrogate"),
    BadText(text: #"["\udc00"]"#, offset: 8, path: [.index(0)], reason: "surrogate"),
    BadText(text: #"{"data":{"a":1,"a":2}}"#, offset: 15, path: [.key("data"), .key("a")], reason: "the key \"a\" appears twice"),
    BadText(text: "{} {}", offset: 3, path: [], reason: "more text follows"),
    BadText(text: "// x\n{}", offset: 0, path: [], reason: "unexpected character '/'"),
    BadText(text: "\u{FEFF}{}", offset: 0, path: [], reason: "unexpected byte 0xEF"),
    BadText(text: "NaN", offset: 0, path: [], reason: "unexpected character 'N'"),
  ]

  @Test(arguments: badTexts)
  func rejectsWithOffsetAndPath(_ bad: BadText) {
    #expect {
      _ = try JSONReader.parse(bytes(bad.text))
    } throws: { error in
      guard let error = error as? JSONReaderError else { return false }
      return error.offset == bad.offset && error.path == bad.path && error.description.contains(bad.reason)
    }
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONReaderError.self) { try JSONReader.parse([0x22, 0xC3, 0x28, 0x22]) }
    #expect(throws: JSONReaderError.self) { try JSONReader.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) }
  }

  @Test func detectsDuplicatesInLargeObjects() {
    let members = (0..<40).map { "\"k\($0)\":\($0)" } + ["\"k7\":0"]
    #expect {
      try JSONReader.parse(bytes("{" + members.joined(separator: ",") + "}"))
    } throws: { ($0 as? JSONReaderError)?.kind == .duplicateKey("k7") }
  }

  @Test func deepNestingFailsCleanly() {
    let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect {
      try JSONReader.parse(bytes(text))
    } throws: { error in
      guard let error = error as? JSONReaderError else { return false }
      return error.kind == .depthLimitExceeded(512) && error.offset == 512 && error.path.count == 512
        && error.description.contains("more")
    }
    let deepButAllowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONReader.parse(bytes(deepButAllowed)) }
  }

  @Test func readsA50MegabyteString() throws {
    let head = Array(#"{"s":""#.utf8)
    let tail = Array(#"\n"}"#.utf8)
    var text = [UInt8](repeating: UInt8(ascii: "x"), count: head.count + 50_000_000 + tail.count)
    text.replaceSubrange(0..<head.count, with: head)
    text.replaceSubrange((text.count - tail.count)..., with: tail)
    let value = try JSONReader.parse(text)
    #expect(value["s"]?.stringValue?.utf8.count == 50_000_001)
  }

  /// Specials and multi-byte characters at every offset around the eight-byte word boundary.
  @Test(arguments: 0..<18)
  func findsSpecialsAtEveryOffset(_ position: Int) throws {
    let plain = String(repeating: "a", count: position)
    let value = try JSONReader.parse(bytes(#"["\#(plain)\"é\\\#(plain)😀","\#(plain)"]"#))
    #expect(value == [.string(plain + "\"é\\" + plain + "😀"), .string(plain)])
    #expect(throws: JSONReaderError.self) { try JSONReader.parse(bytes("[\"\(plain)\u{7}\"]")) }
    #expect(throws: JSONReaderError.self) { try JSONReader.parse(Array("[\"\(plain)".utf8) + [0xC3] + Array("\"]".utf8)) }
    // A bad byte just before an escape, in the word the escape stops the scan in: the bytes
    // skipped up to the escape count as seen.
    let beforeEscape = Array("[\"\(plain)".utf8) + [0xC3] + Array(#"\n"]"#.utf8)
    #expect(throws: JSONReaderError.self) { try JSONReader.parse(beforeEscape) }
    #expect(JSONTape(scanning: beforeEscape, depthLimit: 8) == nil)
    let afterEscape = Array(#"["\n"#.utf8) + Array(plain.utf8) + [0xC3] + Array(#""]"#.utf8)
    #expect(throws: JSONReaderError.self) { try JSONReader.parse(afterEscape) }
    #expect(JSONTape(scanning: afterEscape, depthLimit: 8) == nil)
    let escaped = try JSONReader.parse(bytes(#"["\#(plain)é\n\#(plain)\u0041"]"#))
    #expect(escaped == [.string(plain + "é\n" + plain + "A")])
  }

  static let utf8Cases: [(bytes: [UInt8], valid: Bool)] = [
    ([0x41, 0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true), ([0xF0, 0x9F, 0x98, 0x80], true), ([0xF4, 0x8F, 0xBF, 0xBF], true),
    ([0xC0, 0xAF], false), ([0xE0, 0x80, 0xAF], false), ([0xF0, 0x80, 0x80, 0xAF], false),
    ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false),
    ([0x80], false), ([0xE2, 0x82], false), ([0xE2, 0x28, 0xA1], false),
  ]

  @Test(arguments: utf8Cases)
  func validatesUTF8Strictly(_ sample: (bytes: [UInt8], valid: Bool)) {
    let padded = Array(repeating: UInt8(ascii: "x"), count: 9) + sample.bytes
    for text in [sample.bytes, padded] {
      let parsed = try? JSONReader.parse([0x22] + text + [0x22])
      #expect((parsed != nil) == sample.valid)
      if let parsed { #expect(parsed == .string(String(decoding: text, as: UTF8.self))) }
    }
  }
}
