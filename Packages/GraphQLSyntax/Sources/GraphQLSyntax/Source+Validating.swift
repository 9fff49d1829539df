extension Source {
  /// Creates a source from bytes that must be well-formed UTF-8.
  ///
  /// - Throws: `SyntaxError` at the first byte that does not begin a well-formed UTF-8
  ///   sequence, e.g. `Invalid UTF-8: byte 0xE9 is not part of a well-formed sequence.`
  ///   (its line and column count the well-formed text before it).
  public init(validating bytes: [UInt8], name: String = Source.defaultName) throws(SyntaxError) {
    let illFormedOffset = Self.illFormedUTF8Offset(bytes)
    self.init(bytes: bytes, name: name, isWellFormed: illFormedOffset == nil)
    if let offset = illFormedOffset {
      // The bytes before `offset` are unchanged by the repair, so its line and column are
      // those of the original.
      let hex = String(bytes[offset], radix: 16, uppercase: true)
      let byte = "0x" + (hex.count == 1 ? "0" : "") + hex
      throw SyntaxError(
        self, offset, "Invalid UTF-8: byte \(byte) is not part of a well-formed sequence.")
    }
  }

  /// The offset of the first byte that does not begin a well-formed UTF-8 sequence
  /// (Unicode's table 3-7: no overlong forms, surrogates or scalars past U+10FFFF), or
  /// nil when every sequence is well formed.
  static func illFormedUTF8Offset(_ bytes: [UInt8]) -> Int? {
    // Most GraphQL is ASCII: check eight bytes at a time before decoding anything.
    let isASCII = bytes.withUnsafeBufferPointer { buffer in
      ByteScan.isASCII(buffer)
    }
    if isASCII { return nil }
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let second: ClosedRange<UInt8>
      let length: Int
      switch lead {
      case 0x00...0x7F:
        index += 1
        continue
      case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
      case 0xE0: (second, length) = (0xA0...0xBF, 3)
      case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
      case 0xED: (second, length) = (0x80...0x9F, 3)
      case 0xF0: (second, length) = (0x90...0xBF, 4)
      case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
      case 0xF4: (second, length) = (0x80...0x8F, 4)
      default: return index
      }
      guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
      for continuation in bytes[(index + 2)..<(index + length)] where continuation & 0xC0 != 0x80 {
        return index
      }
      index += length
    }
    return nil
  }
}
