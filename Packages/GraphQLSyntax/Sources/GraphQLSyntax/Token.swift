/// A lexed token: its kind and byte range. Tokens carry no strings, so that moving them
/// around costs nothing; names, numbers and string values are read from the bytes when
/// the parser builds a node (see `Lexer.text` and `Lexer.stringValue(of:)`).
struct Token: Sendable {
  var kind: TokenKind
  var start: Int
  var end: Int

  init(_ kind: TokenKind, _ start: Int, _ end: Int) {
    self.kind = kind
    self.start = start
    self.end = end
  }
}
