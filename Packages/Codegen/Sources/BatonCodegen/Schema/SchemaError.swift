/// An error in a schema: its SDL or introspection result. SDL errors carry the locations
/// of every definition involved (for a duplicate, both).
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [SchemaLocation]

  public init(_ message: String, locations: [SchemaLocation] = []) {
    self.message = message
    self.locations = locations
  }

  /// What the locations after the first are: the other definitions involved.
  static let otherLocationsNote = "also defined here"

  /// `file:line:column: error: message`, with the other locations as notes.
  public var description: String {
    SchemaLocation.diagnostic(message, at: locations, note: Self.otherLocationsNote)
  }
}
