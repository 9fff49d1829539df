/// ASCII character classes of the GraphQL lexical grammar, on UTF-8 bytes.
enum CharacterClasses {
  /// `Digit :: one of 0 1 2 3 4 5 6 7 8 9`
  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }

  /// `Letter :: one of A-Z a-z`
  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26
  }

  /// `NameStart :: Letter or _`
  @inline(__always)
  static func isNameStart(_ byte: UInt8) -> Bool {
    isLetter(byte) || byte == 0x5F
  }

  /// `NameContinue :: Letter, Digit or _`
  @inline(__always)
  static func isNameContinue(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == 0x5F
  }

  /// The value of an ASCII hex digit, or -1.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> Int {
    if isDigit(byte) { return Int(byte &- 0x30) }
    let lower = byte | 0x20
    if lower &- 0x61 < 6 { return Int(lower &- 0x61) + 10 }
    return -1
  }

  /// Whether a code point is a Unicode scalar value (not a surrogate, not too large).
  @inline(__always)
  static func isScalarValue(_ point: Int) -> Bool {
    (0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)
  }
}
