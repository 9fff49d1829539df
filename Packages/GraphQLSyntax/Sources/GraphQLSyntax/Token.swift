/// A lexed token: its kind and byte range. Only string tokens carry their decoded value;
/// names and numbers are read from the bytes when the parser needs them, so that
/// punctuators and skipped tokens cost no allocation.
struct Token: Sendable {
  var kind: TokenKind
  var start: Int
  var end: Int
  /// The decoded value of a `string` or `blockString` token.
  var stringValue: String?

  init(_ kind: TokenKind, _ start: Int, _ end: Int, stringValue: String? = nil) {
    self.kind = kind
    self.start = start
    self.end = end
    self.stringValue = stringValue
  }
}
