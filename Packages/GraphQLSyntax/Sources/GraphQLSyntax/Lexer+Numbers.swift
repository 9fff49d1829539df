extension Lexer {
  /// Reads an `IntValue` or `FloatValue`.
  ///
  ///     IntValue :: IntegerPart [lookahead != {Digit, `.`, NameStart}]
  ///     FloatValue ::
  ///       - IntegerPart FractionalPart ExponentPart [lookahead != {Digit, `.`, NameStart}]
  ///       - IntegerPart FractionalPart [lookahead != {Digit, `.`, NameStart}]
  ///       - IntegerPart ExponentPart [lookahead != {Digit, `.`, NameStart}]
  ///     IntegerPart :: NegativeSign? 0 | NegativeSign? NonZeroDigit Digit*
  ///     FractionalPart :: . Digit+
  ///     ExponentPart :: ExponentIndicator Sign? Digit+
  func readNumber(from start: Int) throws(SyntaxError) -> Token {
    var position = start
    var isFloat = false

    if peek(position) == 0x2D {  // -
      position += 1
    }
    if peek(position) == 0x30 {  // 0
      position += 1
      if let next = peek(position), CharacterClasses.isDigit(next) {
        throw SyntaxError(
          source, position,
          "Invalid number, unexpected digit after 0: \(printCodePoint(at: position)).")
      }
    } else {
      position = try readDigits(from: position)
    }
    if peek(position) == 0x2E {  // .
      isFloat = true
      position = try readDigits(from: position + 1)
    }
    if let char = peek(position), char == 0x45 || char == 0x65 {  // E e
      isFloat = true
      position += 1
      if let sign = peek(position), sign == 0x2B || sign == 0x2D {  // + -
        position += 1
      }
      position = try readDigits(from: position)
    }
    if let char = peek(position), char == 0x2E || CharacterClasses.isNameStart(char) {
      throw SyntaxError(
        source, position,
        "Invalid number, expected digit but got: \(printCodePoint(at: position)).")
    }
    return Token(isFloat ? .float : .int, start, position)
  }

  /// Reads `Digit+` and returns the offset after it.
  private func readDigits(from start: Int) throws(SyntaxError) -> Int {
    guard let first = peek(start), CharacterClasses.isDigit(first) else {
      throw SyntaxError(
        source, start, "Invalid number, expected digit but got: \(printCodePoint(at: start)).")
    }
    var position = start + 1
    while position < bytes.count, CharacterClasses.isDigit(bytes[position]) {
      position += 1
    }
    return position
  }
}
