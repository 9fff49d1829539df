/// A recursive-descent parser over the lexer's tokens, following graphql-core 3.3's
/// parser rule for rule so that both accept the same documents and report the same
/// first error.
///
/// Nesting (selection sets, list and object values, list types) is counted and limited
/// by `ParseOptions.maxDepth`, so that hostile input fails with an error instead of
/// exhausting the stack.
struct Parser {
  var lexer: Lexer
  let options: ParseOptions
  /// Selection sets, list and object values and list types around the current token.
  private(set) var depth = 0
  let nodes = ParsedNodes()

  private init(lexer: Lexer, options: ParseOptions) {
    self.lexer = lexer
    self.options = options
  }

  /// Runs `body` with a parser over `source`; the source's bytes stay pinned meanwhile.
  static func run<T>(
    _ source: Source, _ options: ParseOptions,
    _ body: (inout Parser) throws(SyntaxError) -> T
  ) throws(SyntaxError) -> T {
    let result: Result<T, SyntaxError> = source.bytes.withUnsafeBufferPointer { bytes in
      var parser = Parser(
        lexer: Lexer(bytes: bytes, source: source, maxTokens: options.maxTokens),
        options: options)
      do throws(SyntaxError) {
        return .success(try body(&parser))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Locations and nesting

  /// The location from `start` to the end of the last consumed token.
  @inline(__always)
  func loc(_ start: Int) -> Location? {
    options.noLocation ? nil : Location(start: start, end: lexer.lastTokenEnd)
  }

  /// Counts one more level of nesting; fails past `maxDepth` at the current token.
  @inline(__always)
  mutating func enterNesting() throws(SyntaxError) {
    depth += 1
    if depth > options.maxDepth {
      throw nestedTooDeeply()
    }
  }

  @inline(never)
  private func nestedTooDeeply() -> SyntaxError {
    SyntaxError(lexer.source, lexer.token.start, "Document is nested too deeply. Parsing aborted.")
  }

  mutating func leaveNesting() {
    depth -= 1
  }

  // MARK: Tokens

  @inline(__always)
  func peek(_ kind: TokenKind) -> Bool {
    lexer.token.kind == kind
  }

  /// Consumes a token of `kind` and returns its start, or fails with
  /// `Expected <kind>, found <token>.`
  ///
  /// Inlined, as `expectOptional`, so that consuming a token is one call (to
  /// `Lexer.advance`), with the message built out of line.
  @inline(__always) @discardableResult
  mutating func expect(_ kind: TokenKind) throws(SyntaxError) -> Int {
    let token = lexer.token
    guard token.kind == kind else {
      throw expected(kind)
    }
    try lexer.advance()
    return token.start
  }

  @inline(never)
  private func expected(_ kind: TokenKind) -> SyntaxError {
    SyntaxError(
      lexer.source, lexer.token.start,
      "Expected \(kind.description), found \(describe(lexer.token)).")
  }

  /// Consumes a token of `kind` if it is next.
  @inline(__always)
  mutating func expectOptional(_ kind: TokenKind) throws(SyntaxError) -> Bool {
    guard lexer.token.kind == kind else { return false }
    try lexer.advance()
    return true
  }

  /// Consumes the name `keyword`, or fails with `Expected 'keyword', found <token>.`
  mutating func expectKeyword(_ keyword: StaticString) throws(SyntaxError) {
    guard isKeyword(keyword) else {
      throw SyntaxError(
        lexer.source, lexer.token.start,
        "Expected '\(keyword)', found \(describe(lexer.token)).")
    }
    try lexer.advance()
  }

  /// Consumes the name `keyword` if it is next.
  mutating func expectOptionalKeyword(_ keyword: StaticString) throws(SyntaxError) -> Bool {
    guard isKeyword(keyword) else { return false }
    try lexer.advance()
    return true
  }

  /// Whether the current token is the name `keyword`.
  func isKeyword(_ keyword: StaticString) -> Bool {
    isName(lexer.token, keyword)
  }

  /// Whether `token` is a name spelled `keyword`, compared on bytes.
  ///
  /// Inlined: with the keyword's length known, most tokens fail on their length alone.
  @inline(__always)
  func isName(_ token: Token, _ keyword: StaticString) -> Bool {
    guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else {
      return false
    }
    let pointer = keyword.utf8Start
    for offset in 0..<keyword.utf8CodeUnitCount
    where lexer.bytes[token.start + offset] != pointer[offset] {
      return false
    }
    return true
  }

  /// Whether the current token's value (of any kind that has one) equals `text`, as
  /// graphql-core compares `token.value`.
  func currentValueEquals(_ text: String) -> Bool {
    value(of: lexer.token) == text
  }

  /// The value graphql-core gives `token`: the text of names and numbers, the decoded
  /// value of strings, nil for punctuators.
  func value(of token: Token) -> String? {
    switch token.kind {
    case .string, .blockString: lexer.stringValue(of: token)
    case .name, .int, .float: lexer.text(token.start, token.end)
    default: nil
    }
  }

  /// A token as messages show it: `Name 'foo'`, `'{'`, `<EOF>`.
  func describe(_ token: Token) -> String {
    if let value = value(of: token) {
      return "\(token.kind.description) '\(value)'"
    }
    return token.kind.description
  }

  /// `Unexpected <token>.` at `token` (the current one by default).
  func unexpected(_ token: Token? = nil) -> SyntaxError {
    let token = token ?? lexer.token
    return SyntaxError(lexer.source, token.start, "Unexpected \(describe(token)).")
  }

  // MARK: Lists

  /// `open item* close`: possibly empty.
  mutating func any<T>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(SyntaxError) -> T
  ) throws(SyntaxError) -> [T] {
    try expect(open)
    return try collect { (parser: inout Parser) throws(SyntaxError) in
      while try !parser.expectOptional(close) {
        try parser.push(item)
      }
    }
  }

  /// `open item+ close`, or nothing (an empty array) when `open` is not next.
  mutating func optionalMany<T>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(SyntaxError) -> T
  ) throws(SyntaxError) -> [T] {
    guard peek(open) else { return [] }
    return try many(open, close, item)
  }

  /// `open item+ close`.
  mutating func many<T>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(SyntaxError) -> T
  ) throws(SyntaxError) -> [T] {
    try expect(open)
    return try collect { (parser: inout Parser) throws(SyntaxError) in
      repeat {
        try parser.push(item)
      } while try !parser.expectOptional(close)
    }
  }

  /// `delimiter? item (delimiter item)*`.
  mutating func delimitedMany<T>(
    _ delimiter: TokenKind, _ item: (inout Parser) throws(SyntaxError) -> T
  ) throws(SyntaxError) -> [T] {
    _ = try expectOptional(delimiter)
    return try collect { (parser: inout Parser) throws(SyntaxError) in
      repeat {
        try parser.push(item)
      } while try parser.expectOptional(delimiter)
    }
  }

  /// The elements `pushElements` pushes onto the list stack (see `ListStack`), as an
  /// array. A syntax error pops them too, so that the stack holds only open lists.
  @inline(__always)
  mutating func collect<T>(
    _ pushElements: (inout Parser) throws(SyntaxError) -> Void
  ) throws(SyntaxError) -> [T] {
    let mark = nodes.lists.top
    do {
      try pushElements(&self)
    } catch {
      _ = nodes.lists.pop(T.self, from: mark)
      throw error
    }
    return nodes.lists.pop(T.self, from: mark)
  }

  /// Parses one element and pushes it onto the list stack.
  @inline(__always)
  mutating func push<T>(_ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) {
    // Parsed before `nodes` is read: a receiver read first would be kept (retained)
    // across the call.
    let element = try item(&self)
    nodes.lists.push(T.self).initialize(to: element)
  }

  // MARK: Names

  /// `Name`
  mutating func parseName() throws(SyntaxError) -> Name {
    try parseNameInlined()
  }

  /// `parseName()` inlined, for the name that starts every field: a call costs a name
  /// about a sixth more.
  @inline(__always)
  mutating func parseNameInlined() throws(SyntaxError) -> Name {
    let token = lexer.token
    guard token.kind == .name else {
      throw expected(.name)
    }
    try lexer.advanceInlined()
    let value =
      token.end &- token.start < LongNames.minimumCount
      ? lexer.text(token.start, token.end)
      : nodes.longNames.string(lexer.bytes, token.start, token.end)
    return Name(value, loc: loc(token.start))
  }
}
