/// A GraphQL syntax error: graphql-core's message and the place it was found.
///
/// `description` renders `name:line:column: message` followed by a code frame of the
/// surrounding lines, like graphql-js's `printLocation`.
public struct SyntaxError: Error, CustomStringConvertible, Sendable {
  /// The full message, e.g. `Syntax Error: Expected Name, found <EOF>.`
  public let message: String
  /// The source the error was found in.
  public let source: Source
  /// The byte offset of the error in the source.
  public let offset: Int
  /// The 1-based line of the error.
  public let line: Int
  /// The 1-based column of the error, counted in Unicode code points.
  public let column: Int

  init(_ source: Source, _ offset: Int, _ description: String) {
    self.message = "Syntax Error: " + description
    self.source = source
    self.offset = offset
    let location = source.location(at: offset)
    self.line = location.line
    self.column = location.column
  }

  /// The name of the source the error was found in.
  public var sourceName: String { source.name }

  public var description: String {
    "\(source.name):\(line):\(column): \(message)\n"
      + PrintLocation.codeFrame(source, SourceLocation(line: line, column: column))
  }
}
