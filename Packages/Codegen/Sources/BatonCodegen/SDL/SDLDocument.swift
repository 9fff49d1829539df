import GraphQLSyntax

/// A parsed SDL file and the source its locations point into.
struct SDLDocument {
  let document: Document
  /// A schema file after the first: the client's extensions of the server's schema
  /// (Relay's `schemaExtensions`), whose fields the server does not know.
  let isClientExtension: Bool
  private let source: Source

  init(source: Source, document: Document, isClientExtension: Bool = false) {
    self.document = document
    self.isClientExtension = isClientExtension
    self.source = source
  }

  /// `file:line:column` of a node's start.
  func location(_ loc: Location?) -> DiagnosticLocation? {
    loc.map { DiagnosticLocation(source, at: $0.start) }
  }
}

/// An AST node of an SDL file, with the document it came from.
struct Located<Node> {
  let node: Node
  let document: SDLDocument

  func location(_ loc: Location?) -> DiagnosticLocation? { document.location(loc) }
}
