/// An error in a schema: its SDL or introspection result. SDL errors carry the locations
/// of every definition involved (for a duplicate, both).
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [DiagnosticLocation]
  /// Whether a name was defined more than once: the first location is the first
  /// definition, the others its repeats.
  public var isDuplicate: Bool

  public init(_ message: String, locations: [DiagnosticLocation] = [], isDuplicate: Bool = false) {
    self.message = message
    self.locations = locations
    self.isDuplicate = isDuplicate
  }

  /// What the locations after the first are: the other definitions involved.
  static let otherLocationsNote = "also defined here"

  /// The locations in the order a diagnostic shows them, and what the notes say.
  var diagnosticLocations: (locations: [DiagnosticLocation], note: String) {
    isDuplicate ? DiagnosticLocation.duplicate(locations) : (locations, Self.otherLocationsNote)
  }

  /// `file:line:column: error: message`, with the other locations as notes; a duplicate at
  /// its first repeat.
  public var description: String {
    let (locations, note) = diagnosticLocations
    return DiagnosticLocation.diagnostic(message, at: locations, note: note)
  }
}
