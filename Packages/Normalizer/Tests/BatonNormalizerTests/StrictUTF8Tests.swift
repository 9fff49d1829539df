import Testing

@testable import BatonNormalizer

@Suite("Strict UTF-8 decoding at the package's minimums")
struct StrictUTF8Tests {
  static let illFormed: [[UInt8]] = [
    [0xFF],
    [0x80],  // a continuation byte without a lead
    [0xC0, 0x80],  // overlong NUL
    [0xE0, 0x80, 0x80],  // overlong
    [0xED, 0xA0, 0x80],  // a surrogate
    [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
    [0x61, 0xC3, 0xA9, 0xE2, 0x82],  // a, é, then a sequence cut off by the end
  ]

  @Test("Ill-formed bytes are refused, as String(validating:as:) refuses them", arguments: illFormed)
  func refuses(bytes: [UInt8]) {
    #expect(String(strictUTF8: bytes) == nil)
    #expect(String(strictUTF8: bytes.dropFirst(0)) == nil)
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      #expect(String(validating: bytes, as: UTF8.self) == nil)
    }
  }

  @Test("Well-formed text comes back unchanged, whatever its width")
  func decodes() {
    for text in ["", "plain ASCII", "é", "日本語", "😀 and \u{10FFFF}", "a\u{0}b"] {
      #expect(String(strictUTF8: Array(text.utf8)) == text)
      #expect(String(strictUTF8: text.utf8) == text)
    }
  }
}
