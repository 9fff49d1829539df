import GraphQLSyntax

/// Every document file of a target as one source, so that fragments may be used across
/// files and validation sees them all at once; positions map back to the file and line.
struct DocumentSet {
  let source: Source
  private let files: [(name: String, firstLine: Int)]

  init(_ files: [(name: String, text: String)]) {
    var combined = ""
    var starts: [(String, Int)] = []
    var line = 1
    for (index, file) in files.enumerated() {
      if index > 0 { combined += "\n" }
      starts.append((file.name, line))
      combined += file.text
      line += file.text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 1
    }
    self.source = Source(combined, name: "<documents>")
    self.files = starts
  }

  /// The file position of a line and column of the combined source.
  func locate(line: Int, column: Int) -> DiagnosticLocation {
    let file = files.last { $0.firstLine <= line } ?? files.first ?? ("<documents>", 1)
    return DiagnosticLocation(file: file.name, line: line - file.firstLine + 1, column: column)
  }

  /// A location reported against the combined source, moved to its file.
  func locate(_ location: DiagnosticLocation) -> DiagnosticLocation {
    location.file == source.name ? locate(line: location.line, column: location.column) : location
  }

  /// A node's start as a file position.
  func locate(_ location: Location?) -> [DiagnosticLocation] {
    guard let location else { return [] }
    let position = source.location(at: location.start)
    return [locate(line: position.line, column: position.column)]
  }
}
