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
        position = try readEscape(at: position)
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
    StringLiteral.value(bytes, from: token.start, to: token.end, block: token.kind == .blockString)
  }

  /// Checks the escape sequence at `position` (a backslash); returns the offset after it.
  private func readEscape(at position: Int) throws(SyntaxError) -> Int {
    switch StringLiteral.escape(bytes, at: position) {
    case .scalar(_, let next):
      return next
    case .invalidCharacter:
      let end = advance(scalars: 2, from: position)
      throw SyntaxError(
        source, position, "Invalid character escape sequence: '\(text(position, end))'.")
    case .invalidUnicode(let end):
      let end = end ?? advance(scalars: 6, from: position)
      throw SyntaxError(
        source, position, "Invalid Unicode escape sequence: '\(text(position, end))'.")
    }
  }

  /// Reads a block string; its value is computed by `StringLiteral.value`.
  ///
  ///     StringValue :: `"""` BlockStringCharacter* `"""`
  ///     BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
  func readBlockString(from start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start + 3
    while position < count {
      position = ByteScan.find(0x22, 0x5C, in: bytes, from: position, to: count)
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
}
