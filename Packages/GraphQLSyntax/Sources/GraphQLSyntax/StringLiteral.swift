/// The values of string and block string tokens, as pure functions of the source bytes.
///
/// The lexer checks a string token when it reads it (see `Lexer.readString`); decoding is
/// left for when the value is read (`StringValue.value`), so that parsing a schema does
/// not pay for dedenting descriptions no one reads. Decoding a checked token never fails.
enum StringLiteral {
  /// What the escape sequence at a backslash stands for.
  enum Escape {
    case scalar(Unicode.Scalar, next: Int)
    /// `\` followed by a character that is not an escape.
    case invalidCharacter
    /// A `\u` escape that names no Unicode scalar; `end` is where graphql-core stops
    /// quoting it in the message, or nil for the six characters of a `\uXXXX` escape.
    case invalidUnicode(end: Int?)
  }

  /// The value of the string or block string token `bytes[start..<end]`.
  static func value(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, block: Bool
  ) -> String {
    block
      ? BlockString.value(bytes, from: start + 3, to: end - 3, unescapingQuotes: true)
      : quotedValue(bytes, from: start, to: end)
  }

  /// The value of `"..."`: the text between the quotes with escapes resolved.
  private static func quotedValue(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> String {
    let last = end - 1
    var position = start + 1
    var chunkStart = position
    var decoded: [UInt8] = []
    while position < last {
      if bytes[position] == 0x5C, case .scalar(let scalar, let next) = escape(bytes, at: position) {
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        UTF8.encode(scalar) { decoded.append($0) }
        position = next
        chunkStart = position
      } else {
        position += 1
      }
    }
    if chunkStart == start + 1 {
      return TokenText.string(bytes, chunkStart, last)
    }
    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<last]))
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Reads the escape sequence at `position` (a backslash).
  static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Escape {
    switch byte(bytes, position + 1) {
    case 0x75 where byte(bytes, position + 2) == 0x7B:  // u{
      return variableWidthUnicodeEscape(bytes, at: position)
    case 0x75:  // u
      return fixedWidthUnicodeEscape(bytes, at: position)
    case 0x22: return .scalar("\"", next: position + 2)
    case 0x2F: return .scalar("/", next: position + 2)
    case 0x5C: return .scalar("\\", next: position + 2)
    case 0x62: return .scalar("\u{08}", next: position + 2)
    case 0x66: return .scalar("\u{0C}", next: position + 2)
    case 0x6E: return .scalar("\n", next: position + 2)
    case 0x72: return .scalar("\r", next: position + 2)
    case 0x74: return .scalar("\t", next: position + 2)
    default: return .invalidCharacter
    }
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar value.
  private static func variableWidthUnicodeEscape(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> Escape {
    var point = 0
    var size = 3
    var end = position + 3
    // At most 12 characters (`\u{00000000}`), as graphql-core reads them.
    while size < 12 && end < bytes.count {
      let char = bytes[end]
      end = scalarEnd(bytes, end)
      size += 1
      if char == 0x7D {  // }
        if size >= 5, CharacterClasses.isScalarValue(point),
          let scalar = Unicode.Scalar(UInt32(point))
        {
          return .scalar(scalar, next: end)
        }
        break
      }
      let digit = CharacterClasses.hexValue(char)
      if digit < 0 {
        break
      }
      point = (point << 4) | digit
    }
    return .invalidUnicode(end: end)
  }

  /// `\u00E9`: four hex digits; a surrogate pair of two such escapes is one scalar.
  private static func fixedWidthUnicodeEscape(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> Escape {
    let code = read16BitHexCode(bytes, at: position + 2)
    if CharacterClasses.isScalarValue(code), let scalar = Unicode.Scalar(UInt32(code)) {
      return .scalar(scalar, next: position + 6)
    }
    if (0xD800...0xDBFF).contains(code) && byte(bytes, position + 6) == 0x5C
      && byte(bytes, position + 7) == 0x75
    {
      let trailing = read16BitHexCode(bytes, at: position + 8)
      if (0xDC00...0xDFFF).contains(trailing) {
        let point = 0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)
        if let scalar = Unicode.Scalar(UInt32(point)) {
          return .scalar(scalar, next: position + 12)
        }
      }
    }
    return .invalidUnicode(end: nil)
  }

  /// The value of four hex digits at `position`, or -1 if any is missing or not hex.
  private static func read16BitHexCode(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> Int {
    var code = 0
    for offset in 0..<4 {
      guard let char = byte(bytes, position + offset) else { return -1 }
      let digit = CharacterClasses.hexValue(char)
      if digit < 0 { return -1 }
      code = (code << 4) | digit
    }
    return code
  }

  /// The byte at `index`, or nil past the end.
  @inline(__always)
  static func byte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// The offset just past the scalar starting at `position` (the bytes are well-formed
  /// UTF-8).
  @inline(__always)
  static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
    let lead = bytes[position]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    return min(position + length, bytes.count)
  }
}
