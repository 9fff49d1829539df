/// A document and the comments of its source, for printing them back:
/// `Printer.print(_: CommentedDocument)` puts each comment where it was. Only
/// `parseKeepingComments` makes one, so the three always agree.
public struct CommentedDocument: Sendable {
  /// The document, as `parse` gives it.
  public let document: Document
  /// Each comment's bytes in `source`, from its `#` to the end of its line, in source
  /// order. A `#` inside a string is not a comment.
  public let comments: [Location]
  /// The source the document and the comments were read from.
  public let source: Source

  init(document: Document, comments: [Location], source: Source) {
    self.document = document
    self.comments = comments
    self.source = source
  }
}

/// Parses a document as `parse` does and also finds where its comments are, for a
/// formatter that keeps them. The document has locations whatever `options.noLocation`
/// says: the printer places the comments by them.
///
/// `parse` is left as it is, so that comments cost it nothing (even the lexer's size
/// counts: it is on the stack of every level of a deeply nested parse). The comments are
/// found by lexing the source once more: between two tokens there are only ignored
/// tokens, so each `#` there starts a comment, while the lexer has already stepped over
/// the `#`s inside strings.
///
/// - Throws: `SyntaxError`, as `parse`.
public func parseKeepingComments(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> CommentedDocument {
  var options = options
  options.noLocation = false
  let document = try parse(source, options: options)
  let comments = try Parser.run(source, ParseOptions(maxTokens: nil)) {
    (parser: inout Parser) throws(SyntaxError) in
    var comments: [Location] = []
    var gapStart = 0
    repeat {
      try parser.lexer.advance()
      var position = gapStart
      while position < parser.lexer.token.start {
        if parser.lexer.bytes[position] == 0x23 {  // #
          let end = ByteScan.find(
            0x0A, 0x0D, in: parser.lexer.bytes, from: position + 1, to: parser.lexer.token.start)
          comments.append(Location(start: position, end: end))
          position = end
        } else {
          position += 1
        }
      }
      gapStart = parser.lexer.token.end
    } while parser.lexer.token.kind != .endOfFile
    return comments
  }
  return CommentedDocument(document: document, comments: comments, source: source)
}
