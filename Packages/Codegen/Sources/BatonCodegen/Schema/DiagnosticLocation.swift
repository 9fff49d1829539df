import GraphQLSyntax

/// Where a schema element was defined: a file (or the introspection result) and a
/// 1-based line and column. Elements built from introspection have none.
public struct DiagnosticLocation: Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The line and column of a byte offset in `source`, named by the source's name.
  init(_ source: Source, at offset: Int) {
    let location = source.location(at: offset)
    self.init(file: source.name, line: location.line, column: location.column)
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }

  /// A name defined more than once, as compilers show a redeclaration: at the first repeat,
  /// with a note at the first definition (and at any later repeat).
  static func duplicate(_ locations: [DiagnosticLocation]) -> (locations: [DiagnosticLocation], note: String) {
    guard locations.count > 1 else { return (locations, "also defined here") }
    return ([locations[1], locations[0]] + locations.dropFirst(2), locations.count == 2 ? "first defined here" : "also defined here")
  }

  /// How every error of the tools reads: `file:line:column: error: message`, then with a
  /// `note`, one `file:line:column: note: <note>` line for each location after the first.
  static func diagnostic(_ message: String, at locations: [DiagnosticLocation], note: String?) -> String {
    guard let first = locations.first else { return "error: \(message)" }
    var text = "\(first): error: \(message)"
    if let note {
      for other in locations.dropFirst() { text += "\n\(other): note: \(note)" }
    }
    return text
  }
}
