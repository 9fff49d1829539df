/// Parses a schema coordinate as graphql-core's `parse_schema_coordinate` does:
///
///     SchemaCoordinate :
///       - Name
///       - Name . Name
///       - Name . Name ( Name : )
///       - @ Name
///       - @ Name ( Name : )
///
/// No ignored tokens are allowed: white space, commas and comments are invalid
/// characters here.
public func parseSchemaCoordinate(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> SchemaCoordinate {
  var parser = SchemaCoordinateParser(source: source, noLocation: options.noLocation)
  return try parser.parse()
}

/// The restricted lexer and parser behind `parseSchemaCoordinate`.
private struct SchemaCoordinateParser {
  let source: Source
  let noLocation: Bool
  private var token = Token(.startOfFile, 0, 0)
  private var lastTokenEnd = 0

  init(source: Source, noLocation: Bool) {
    self.source = source
    self.noLocation = noLocation
  }

  mutating func parse() throws(SyntaxError) -> SchemaCoordinate {
    try advance()
    let start = token.start
    let ofDirective = try expectOptional(.at)
    let name = try parseName()
    var memberName: Name?
    if !ofDirective, try expectOptional(.dot) {
      memberName = try parseName()
    }
    var argumentName: Name?
    if ofDirective || memberName != nil, try expectOptional(.parenL) {
      argumentName = try parseName()
      try expect(.colon)
      try expect(.parenR)
    }
    let loc = noLocation ? nil : Location(start: start, end: lastTokenEnd)
    try expect(.endOfFile)
    return SchemaCoordinate(
      ofDirective: ofDirective, name: name, memberName: memberName, argumentName: argumentName,
      loc: loc)
  }

  private mutating func parseName() throws(SyntaxError) -> Name {
    let nameToken = token
    try expect(.name)
    return Name(
      text(nameToken), loc: noLocation ? nil : Location(start: nameToken.start, end: nameToken.end))
  }

  private mutating func expectOptional(_ kind: TokenKind) throws(SyntaxError) -> Bool {
    guard token.kind == kind else { return false }
    try advance()
    return true
  }

  private mutating func expect(_ kind: TokenKind) throws(SyntaxError) {
    guard token.kind == kind else {
      let found = token.kind == .name ? "Name '\(text(token))'" : token.kind.description
      throw SyntaxError(source, token.start, "Expected \(kind.description), found \(found).")
    }
    try advance()
  }

  private func text(_ token: Token) -> String {
    String(decoding: source.bytes[token.start..<token.end], as: UTF8.self)
  }

  private mutating func advance() throws(SyntaxError) {
    lastTokenEnd = token.end
    guard token.kind != .endOfFile else { return }
    let bytes = source.bytes
    let position = token.end
    guard position < bytes.count else {
      token = Token(.endOfFile, bytes.count, bytes.count)
      return
    }
    let kinds: [UInt8: TokenKind] = [
      0x2E: .dot, 0x28: .parenL, 0x29: .parenR, 0x3A: .colon, 0x40: .at,
    ]
    if let kind = kinds[bytes[position]] {
      token = Token(kind, position, position + 1)
    } else if CharacterClasses.isNameStart(bytes[position]) {
      var end = position + 1
      while end < bytes.count, CharacterClasses.isNameContinue(bytes[end]) {
        end += 1
      }
      token = Token(.name, position, end)
    } else {
      let printed = bytes.withUnsafeBufferPointer { buffer in
        Lexer(bytes: buffer, source: source, maxTokens: nil).printCodePoint(at: position)
      }
      throw SyntaxError(source, position, "Invalid character: \(printed).")
    }
  }
}
