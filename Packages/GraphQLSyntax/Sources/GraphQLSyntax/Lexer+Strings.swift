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
    while position < count {
      let char = bytes[position]
      if char == 0x22 {  // "
        return Token(.string, start, position + 1)
      }
      if char == 0x5C {  // \
        position = try readEscape(at: position).1
        continue
      }
      if char == 0x0A || char == 0x0D {
        break
      }
      position += 1
    }
    throw SyntaxError(source, position, "Unterminated string.")
  }

  /// The value of a string or block string token (which the lexer has validated).
  func stringValue(of token: Token) -> String {
    token.kind == .blockString ? blockStringValue(of: token) : quotedStringValue(of: token)
  }

  private func quotedStringValue(of token: Token) -> String {
    let end = token.end - 1
    var position = token.start + 1
    var chunkStart = position
    var decoded: [UInt8] = []
    while position < end {
      if bytes[position] == 0x5C, let (scalar, next) = try? readEscape(at: position) {
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        UTF8.encode(scalar) { decoded.append($0) }
        position = next
        chunkStart = position
      } else {
        position += 1
      }
    }
    if chunkStart == token.start + 1 {
      return text(chunkStart, end)
    }
    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<end]))
    return String(decoding: decoded, as: UTF8.self)
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

  /// Reads a block string; its value is computed by `stringValue(of:)`.
  ///
  ///     StringValue :: `"""` BlockStringCharacter* `"""`
  ///     BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
  func readBlockString(from start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start + 3
    while position < count {
      position = ByteScan.find(0x22, 0x5C, 0x5C, in: bytes, from: position, to: count)
      guard position < count else { break }
      let char = bytes[position]
      if char == 0x22 && peek(position + 1) == 0x22 && peek(position + 2) == 0x22 {
        return Token(.blockString, start, position + 3)
      } else if char == 0x5C && peek(position + 1) == 0x22 && peek(position + 2) == 0x22
        && peek(position + 3) == 0x22
      {
        position += 4
      } else {
        position += 1
      }
    }
    throw SyntaxError(source, position, "Unterminated string.")
  }

  /// The dedented value of a block string token.
  private func blockStringValue(of token: Token) -> String {
    BlockString.value(bytes, from: token.start + 3, to: token.end - 3, unescapingQuotes: true)
  }
}
