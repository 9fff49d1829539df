/// A problem generating code: a message and where, as `file:line:column: error: message`.
public struct CodegenError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [DiagnosticLocation]
  /// What the locations after the first are, printed as `file:line:column: note: <note>`
  /// lines; without one, only the first location is printed.
  public var note: String?

  public init(_ message: String, locations: [DiagnosticLocation] = [], note: String? = nil) {
    self.message = message
    self.locations = locations
    self.note = note
  }

  /// A schema's error, with its other definitions as notes, as `baton check` prints it.
  public init(_ error: SchemaError) {
    let (locations, note) = error.diagnosticLocations
    self.init(error.message, locations: locations, note: note)
  }

  /// A document's validation error at every place involved, each moved to its file by
  /// `locate`: a duplicate at its first repeat with a note at the first definition, as
  /// compilers point at a redeclaration; any other error at its first place, with notes at
  /// the others.
  init(_ error: ValidationError, locate: (DiagnosticLocation) -> DiagnosticLocation) {
    let located = error.locations.map(locate)
    let (locations, note) = error.isDuplicate ? DiagnosticLocation.duplicate(located) : (located, "also involved here")
    self.init(error.message, locations: locations, note: note)
  }

  public var description: String { DiagnosticLocation.diagnostic(message, at: locations, note: note) }
}

/// Every error of one generation run, in the order they were found.
public struct CodegenErrors: Error, Sendable, Equatable, CustomStringConvertible {
  public var errors: [CodegenError]

  public init(_ errors: [CodegenError]) { self.errors = errors }

  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
