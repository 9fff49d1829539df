import GraphQLSyntax

/// A parsed SDL file and the source its locations point into.
struct SDLDocument {
  let source: Source
  let document: Document

  /// `file:line:column` of a node's start.
  func location(_ loc: Location?) -> SchemaLocation? {
    guard let loc else { return nil }
    let position = source.location(at: loc.start)
    return SchemaLocation(file: source.name, line: position.line, column: position.column)
  }
}

/// An AST node of an SDL file, with the document it came from.
struct Located<Node> {
  let node: Node
  let document: SDLDocument

  func location(_ loc: Location?) -> SchemaLocation? { document.location(loc) }
}
