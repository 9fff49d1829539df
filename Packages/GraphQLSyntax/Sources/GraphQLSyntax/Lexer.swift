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
    try count(at: token.start)
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

  // Mutating, as the other out-of-line paths below, so that `advance` passes `self` by
  // reference rather than copying it to its stack frame.
  @inline(never)
  private mutating func tooManyTokens(at offset: Int) -> SyntaxError {
    SyntaxError(source, offset, "Document contains more than \(maxTokens) tokens. Parsing aborted.")
  }

  /// The byte at `index`, or nil past the end.
  @inline(__always)
  func peek(_ index: Int) -> UInt8? {
    StringLiteral.byte(bytes, index)
  }

  /// Names and punctuators, and the blanks before them, are read inline
  /// (`readSimpleToken`); the rarer tokens, the other ignored tokens, the end of the
  /// source and every error are read out of line.
  @inline(__always)
  private mutating func readToken(from start: Int) throws(SyntaxError) -> Token {
    let token = Lexer.readSimpleToken(in: bytes, from: start)
    if token.kind != .startOfFile {
      return token
    }
    return try readOtherToken(at: token.start)
  }

  /// The token at or after `start`, where `readSimpleToken` stopped: skips the other
  /// ignored tokens, reads spreads, numbers and strings, and fails on anything else.
  @inline(never)
  private mutating func readOtherToken(at start: Int) throws(SyntaxError) -> Token {
    let count = bytes.count
    var position = start
    while position < count {
      switch bytes[position] {
      case 0x09, 0x2C, 0x0D:  // tab, comma, CR
        position &+= 1
      case 0x23:  // #
        position = try skipComment(at: position)
      case 0x22, 0x2D, 0x2E, 0x30...0x39:  // " - . Digit
        return try readSpreadNumberOrString(at: position)
      case 0xEF where peek(position + 1) == 0xBB && peek(position + 2) == 0xBF:
        position &+= 3  // U+FEFF byte order mark
      default:
        // Blanks, names and punctuators near the end or after long blank runs.
        let token = Lexer.readSimpleTokenNearEnd(in: bytes, from: position)
        if token.kind != .startOfFile {
          return token
        }
        if token.start == position {
          throw unexpectedCharacter(at: position)
        }
        position = token.start
        continue
      }
      // After `\r` (of `\r\n`), a comma or a comment, most often the usual line end
      // and indentation.
      let token = Lexer.readSimpleToken(in: bytes, from: position)
      if token.kind != .startOfFile {
        return token
      }
      position = token.start
    }
    // The end of file is not counted: given back here, as `advanceInlined` counts
    // whatever it moves to, which saves testing the kind of every token there.
    tokensLeft &+= 1
    return Token(.endOfFile, count, count)
  }

  /// Counts the comment at `position` toward the token limit; returns the offset of the
  /// line terminator that ends it (or of the end).
  @inline(never)
  private mutating func skipComment(at position: Int) throws(SyntaxError) -> Int {
    try count(at: position)
    return ByteScan.find(0x0A, 0x0D, in: bytes, from: position + 1, to: bytes.count)
  }

  /// The spread, number or string token at `position`.
  private mutating func readSpreadNumberOrString(at position: Int) throws(SyntaxError) -> Token {
    switch bytes[position] {
    case 0x2E where peek(position + 1) == 0x2E && peek(position + 2) == 0x2E:
      return Token(.spread, position, position + 3)
    case 0x22:  // "
      if peek(position + 1) == 0x22 && peek(position + 2) == 0x22 {
        return try readBlockString(from: position)
      }
      return try readString(from: position)
    case 0x30...0x39, 0x2D:  // Digit, -
      return try readNumber(from: position)
    default:
      throw unexpectedCharacter(at: position)
    }
  }

  private mutating func unexpectedCharacter(at position: Int) -> SyntaxError {
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
