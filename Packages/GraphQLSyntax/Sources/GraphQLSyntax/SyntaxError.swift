/// A GraphQL syntax error: graphql-core's message and the place it was found.
///
/// `description` renders `name:line:column: message` followed by a code frame of the
/// surrounding lines, like graphql-js's `printLocation`.
///
/// The details live in one immutable object, so that the error is a single reference:
/// every `try` in the recursive parser reserves room for a thrown error, and debug
/// builds reserve it per call site, so a small error keeps deep parses off the stack
/// limit.
public struct SyntaxError: Error, CustomStringConvertible, Sendable {
  private final class Details: Sendable {
    let message: String
    let source: Source
    let offset: Int
    let location: SourceLocation

    init(message: String, source: Source, offset: Int) {
      self.message = message
      self.source = source
      self.offset = offset
      self.location = source.location(at: offset)
    }
  }

  private let details: Details

  init(_ source: Source, _ offset: Int, _ description: String) {
    details = Details(message: "Syntax Error: " + description, source: source, offset: offset)
  }

  /// The full message, e.g. `Syntax Error: Expected Name, found <EOF>.`
  public var message: String { details.message }
  /// The source the error was found in.
  public var source: Source { details.source }
  /// The byte offset of the error in the source.
  public var offset: Int { details.offset }
  /// The 1-based line of the error.
  public var line: Int { details.location.line }
  /// The 1-based column of the error, counted in Unicode code points.
  public var column: Int { details.location.column }
  /// The name of the source the error was found in.
  public var sourceName: String { details.source.name }

  public var description: String {
    "\(sourceName):\(line):\(column): \(message)\n"
      + PrintLocation.codeFrame(source, details.location)
  }
}
