/// Turns UTF-8 bytes into GraphQL tokens, one at a time, as graphql-core's lexer does.
///
/// The lexer holds the current token and at most one token of lookahead; tokens are
/// lexed lazily, so a lexical error further on is reported only once the parser gets
/// there, in the same order graphql-core reports them. Ignored tokens (white space,
/// commas, BOMs, line terminators, comments) are skipped; comments still count toward
/// the token limit.
///
/// The bytes must stay valid for the lexer's lifetime (see `Parser.run`).
struct Lexer {
  let bytes: UnsafeBufferPointer<UInt8>
  let source: Source
  /// The token the parser looks at.
  private(set) var token: Token
  /// The end offset of the token before `token`, for node locations.
  private(set) var lastTokenEnd: Int = 0
  /// The token after `token` once `lookahead()` has read it, else a start-of-file token
  /// (which the lexer never produces): cheaper to test than an optional.
  private var lookaheadToken = Token(.startOfFile, 0, 0)
  /// How many more tokens `ParseOptions.maxTokens` allows: counting down costs one
  /// instruction less per token than counting up to the limit.
  private var tokensLeft: Int
  /// `ParseOptions.maxTokens`, with `Int.max` for no limit.
  private let maxTokens: Int

  init(bytes: UnsafeBufferPointer<UInt8>, source: Source, maxTokens: Int?) {
    self.bytes = bytes
    self.source = source
    self.maxTokens = maxTokens ?? Int.max
    self.tokensLeft = max(self.maxTokens, 0)
    self.token = Token(.startOfFile, 0, 0)
  }

  /// Moves to the next non-ignored token.
  mutating func advance() throws(SyntaxError) {
    try advanceInlined()
  }

  /// `advance()` inlined, for the parser's most frequent token, names: saves a call and
  /// its register saves for two tokens in three.
  @inline(__always)
  mutating func advanceInlined() throws(SyntaxError) {
    lastTokenEnd = token.end
    if lookaheadToken.kind == .startOfFile {
      // At the end of file this reads the end of file again.
      token = try readToken(from: token.end)
    } else {
      token = lookaheadToken
      lookaheadToken.kind = .startOfFile
    }
    if token.kind != .endOfFile {
      try count(at: token.start)
    }
  }

  /// The token after `token`, without moving.
  mutating func lookahead() throws(SyntaxError) -> Token {
    if token.kind == .endOfFile { return token }
    if lookaheadToken.kind != .startOfFile { return lookaheadToken }
    lookaheadToken = try readToken(from: token.end)
    return lookaheadToken
  }

  @inline(__always)
  private mutating func count(at offset: Int) throws(SyntaxError) {
    tokensLeft &-= 1
    if tokensLeft < 0 {
      throw tooManyTokens(at: offset)
    }
  }

  @inline(never)
  private func tooManyTokens(at offset: Int) -> SyntaxError {
    SyntaxError(source, offset, "Document contains more than \(maxTokens) tokens. Parsing aborted.")
  }

  /// The byte at `index`, or nil past the end.
  @inline(__always)
  func peek(_ index: Int) -> UInt8? {
    StringLiteral.byte(bytes, index)
  }

  /// Names, punctuators and white space are read here, inlined into `advance`; the rarer
  /// tokens and every error are read out of line.
  @inline(__always)
  private mutating func readToken(from start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start
    while position < count {
      let byte = bytes[position]
      // A line end and indentation come before most tokens: tested ahead of the switch,
      // whose dispatch costs more.
      if byte == 0x0A || byte == 0x20 {
        position = ByteScan.skip(0x20, in: bytes, from: position &+ 1, to: count)
        continue
      }
      switch byte {
      case 0x41...0x5A, 0x5F, 0x61...0x7A:  // NameStart
        return Token(.name, position, ByteScan.nameEnd(in: bytes, from: position + 1, to: count))
      case 0x09, 0x2C, 0x0D:  // tab, comma, CR
        position = ByteScan.skip(0x20, in: bytes, from: position + 1, to: count)
      case 0x21: return Token(.bang, position, position + 1)
      case 0x24: return Token(.dollar, position, position + 1)
      case 0x26: return Token(.amp, position, position + 1)
      case 0x28: return Token(.parenL, position, position + 1)
      case 0x29: return Token(.parenR, position, position + 1)
      case 0x3A: return Token(.colon, position, position + 1)
      case 0x3D: return Token(.equals, position, position + 1)
      case 0x40: return Token(.at, position, position + 1)
      case 0x5B: return Token(.bracketL, position, position + 1)
      case 0x5D: return Token(.bracketR, position, position + 1)
      case 0x7B: return Token(.braceL, position, position + 1)
      case 0x7D: return Token(.braceR, position, position + 1)
      case 0x7C: return Token(.pipe, position, position + 1)
      case 0x23:  // #
        position = try skipComment(at: position)
      default:
        if let token = try readOtherToken(at: position) {
          return token
        }
        position += 3  // U+FEFF byte order mark
      }
    }
    return Token(.endOfFile, count, count)
  }

  /// Counts the comment at `position` toward the token limit; returns the offset of the
  /// line terminator that ends it (or of the end).
  @inline(never)
  private mutating func skipComment(at position: Int) throws(SyntaxError) -> Int {
    try count(at: position)
    return ByteScan.find(0x0A, 0x0D, in: bytes, from: position + 1, to: bytes.count)
  }

  /// The spread, number or string token at `position`; nil for a byte order mark, which
  /// is three bytes to skip.
  @inline(never)
  private func readOtherToken(at position: Int) throws(SyntaxError) -> Token? {
    let byte = bytes[position]
    switch byte {
    case 0x2E where peek(position + 1) == 0x2E && peek(position + 2) == 0x2E:
      return Token(.spread, position, position + 3)
    case 0x22:  // "
      if peek(position + 1) == 0x22 && peek(position + 2) == 0x22 {
        return try readBlockString(from: position)
      }
      return try readString(from: position)
    case 0x30...0x39, 0x2D:  // Digit, -
      return try readNumber(from: position)
    case 0xEF where peek(position + 1) == 0xBB && peek(position + 2) == 0xBF:
      return nil
    default:
      throw unexpectedCharacter(at: position)
    }
  }

  private func unexpectedCharacter(at position: Int) -> SyntaxError {
    let byte = bytes[position]
    if byte == 0x2E {  // .
      if peek(position + 1) == 0x2E {
        return SyntaxError(source, position, "Unexpected '..', did you mean '...'?")
      }
      if let next = peek(position + 1), CharacterClasses.isDigit(next) {
        var end = position + 1
        while end < bytes.count, CharacterClasses.isDigit(bytes[end]) {
          end += 1
        }
        let digits = text(position + 1, end)
        return SyntaxError(
          source, position,
          "Invalid number, expected digit before '.', did you mean '0.\(digits)'?")
      }
    }
    if byte == 0x27 {
      return SyntaxError(
        source, position,
        "Unexpected single quote character ('), did you mean to use a double quote (\")?")
    }
    return SyntaxError(source, position, "Unexpected character: \(printCodePoint(at: position)).")
  }

  /// The code point at `position` as graphql-core prints it: printable ASCII quoted,
  /// anything else as `U+XXXX`, and `<EOF>` past the end.
  func printCodePoint(at position: Int) -> String {
    guard position < bytes.count else { return "<EOF>" }
    let byte = bytes[position]
    if byte >= 0x20 && byte <= 0x7E {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    let point = scalar(at: position).value
    let hex = String(point, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The Unicode scalar starting at `position` (the source is well-formed UTF-8).
  func scalar(at position: Int) -> Unicode.Scalar {
    let end = scalarEnd(position)
    var iterator = UnsafeBufferPointer(rebasing: bytes[position..<end]).makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return "\u{FFFD}"
  }

  /// The offset just past the scalar starting at `position`.
  @inline(__always)
  func scalarEnd(_ position: Int) -> Int {
    StringLiteral.scalarEnd(bytes, position)
  }

  /// The offset after `count` scalars from `position`, stopping at the end.
  func advance(scalars count: Int, from position: Int) -> Int {
    var end = position
    var remaining = count
    while remaining > 0 && end < bytes.count {
      end = scalarEnd(end)
      remaining -= 1
    }
    return end
  }

  /// The bytes `start..<end` (well-formed UTF-8) as a string.
  @inline(__always)
  func text(_ start: Int, _ end: Int) -> String {
    TokenText.string(bytes, start, end)
  }
}
