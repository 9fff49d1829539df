/// An error in a schema: its SDL or introspection result. SDL errors carry the locations
/// of every definition involved (for a duplicate, both).
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [SchemaLocation]

  public init(_ message: String, locations: [SchemaLocation] = []) {
    self.message = message
    self.locations = locations
  }

  /// `file:line:column: error: message`, with the other locations as notes.
  public var description: String {
    guard let first = locations.first else { return "error: \(message)" }
    var text = "\(first): error: \(message)"
    for other in locations.dropFirst() { text += "\n\(other): note: also defined here" }
    return text
  }
}
