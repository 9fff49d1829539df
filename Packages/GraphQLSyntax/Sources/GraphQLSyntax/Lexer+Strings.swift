extension Lexer {
  /// Reads a quoted string and resolves its escapes.
  ///
  ///     StringValue :: `""` [lookahead != `"`] | `"` StringCharacter+ `"`
  ///     StringCharacter ::
  ///       - SourceCharacter but not `"` or `\` or LineTerminator
  ///       - `\u` EscapedUnicode
  ///       - `\` EscapedCharacter
  ///     EscapedUnicode :: `{` HexDigit+ `}` | HexDigit HexDigit HexDigit HexDigit
  ///     EscapedCharacter :: one of `"` `\` `/` `b` `f` `n` `r` `t`
  func readString(from start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start + 1
    var chunkStart = position
    var decoded: [UInt8] = []
    var hasEscape = false

    while position < count {
      let char = bytes[position]
      if char == 0x22 {  // "
        let value: String
        if hasEscape {
          decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
          value = String(decoding: decoded, as: UTF8.self)
        } else {
          value = text(chunkStart, position)
        }
        return Token(.string, start, position + 1, stringValue: value)
      }
      if char == 0x5C {  // \
        hasEscape = true
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        let (scalar, end) = try readEscape(at: position)
        decoded.append(contentsOf: String(Character(scalar)).utf8)
        position = end
        chunkStart = position
        continue
      }
      if char == 0x0A || char == 0x0D {
        break
      }
      position += 1
    }
    throw SyntaxError(source, position, "Unterminated string.")
  }

  /// Reads the escape sequence at `position` (a backslash); returns the scalar and the
  /// offset after the sequence.
  private func readEscape(at position: Int) throws(SyntaxError) -> (Unicode.Scalar, Int) {
    switch peek(position + 1) {
    case 0x75 where peek(position + 2) == 0x7B:  // u{
      return try readVariableWidthUnicodeEscape(at: position)
    case 0x75:  // u
      return try readFixedWidthUnicodeEscape(at: position)
    case 0x22: return ("\"", position + 2)
    case 0x2F: return ("/", position + 2)
    case 0x5C: return ("\\", position + 2)
    case 0x62: return ("\u{08}", position + 2)
    case 0x66: return ("\u{0C}", position + 2)
    case 0x6E: return ("\n", position + 2)
    case 0x72: return ("\r", position + 2)
    case 0x74: return ("\t", position + 2)
    default:
      let end = advance(scalars: 2, from: position)
      throw SyntaxError(
        source, position, "Invalid character escape sequence: '\(text(position, end))'.")
    }
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar value.
  private func readVariableWidthUnicodeEscape(
    at position: Int
  ) throws(SyntaxError) -> (Unicode.Scalar, Int) {
    var point = 0
    var size = 3
    var end = position + 3
    // At most 12 characters (`\u{00000000}`), as graphql-core reads them.
    while size < 12 && end < bytes.count {
      let char = bytes[end]
      end = scalarEnd(end)
      size += 1
      if char == 0x7D {  // }
        if size < 5 || !CharacterClasses.isScalarValue(point) {
          break
        }
        if let scalar = Unicode.Scalar(UInt32(point)) {
          return (scalar, end)
        }
        break
      }
      let digit = CharacterClasses.hexValue(char)
      if digit < 0 {
        break
      }
      point = (point << 4) | digit
    }
    throw SyntaxError(
      source, position, "Invalid Unicode escape sequence: '\(text(position, end))'.")
  }

  /// `\u00E9`: four hex digits; a surrogate pair of two such escapes is one scalar.
  private func readFixedWidthUnicodeEscape(
    at position: Int
  ) throws(SyntaxError) -> (Unicode.Scalar, Int) {
    let code = read16BitHexCode(at: position + 2)
    if CharacterClasses.isScalarValue(code), let scalar = Unicode.Scalar(UInt32(code)) {
      return (scalar, position + 6)
    }
    if (0xD800...0xDBFF).contains(code) && peek(position + 6) == 0x5C
      && peek(position + 7) == 0x75
    {
      let trailing = read16BitHexCode(at: position + 8)
      if (0xDC00...0xDFFF).contains(trailing) {
        let point = 0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)
        if let scalar = Unicode.Scalar(UInt32(point)) {
          return (scalar, position + 12)
        }
      }
    }
    let end = advance(scalars: 6, from: position)
    throw SyntaxError(
      source, position, "Invalid Unicode escape sequence: '\(text(position, end))'.")
  }

  /// The value of four hex digits at `position`, or -1 if any is missing or not hex.
  private func read16BitHexCode(at position: Int) -> Int {
    var code = 0
    for offset in 0..<4 {
      guard let char = peek(position + offset) else { return -1 }
      let digit = CharacterClasses.hexValue(char)
      if digit < 0 { return -1 }
      code = (code << 4) | digit
    }
    return code
  }

  /// Reads a block string and computes its value with `BlockString.dedentedLines`.
  ///
  ///     StringValue :: `"""` BlockStringCharacter* `"""`
  ///     BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
  func readBlockString(from start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start + 3
    var chunkStart = position
    // The raw text with `\"""` unescaped and each line's range in it.
    var raw: [UInt8] = []
    var lines: [Range<Int>] = []
    var lineStart = 0

    while position < count {
      let char = bytes[position]
      if char == 0x22 && peek(position + 1) == 0x22 && peek(position + 2) == 0x22 {
        raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        lines.append(lineStart..<raw.count)
        let value = BlockString.value(raw: raw, lines: lines)
        return Token(.blockString, start, position + 3, stringValue: value)
      }
      if char == 0x5C && peek(position + 1) == 0x22 && peek(position + 2) == 0x22
        && peek(position + 3) == 0x22
      {
        raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        chunkStart = position + 1
        position += 4
        continue
      }
      if char == 0x0A || char == 0x0D {
        raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        lines.append(lineStart..<raw.count)
        position += (char == 0x0D && peek(position + 1) == 0x0A) ? 2 : 1
        chunkStart = position
        lineStart = raw.count
        continue
      }
      position += 1
    }
    throw SyntaxError(source, position, "Unterminated string.")
  }
}
