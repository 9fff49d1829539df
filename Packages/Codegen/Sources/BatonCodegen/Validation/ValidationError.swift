/// A validation error in an executable document: graphql-core's message and the
/// locations of the nodes involved, in the order graphql-core gives them.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [SchemaLocation]

  public init(_ message: String, locations: [SchemaLocation] = []) {
    self.message = message
    self.locations = locations
  }

  /// `file:line:column: error: message`, at the first location only, as graphql-core prints
  /// validation errors (the oracle of `baton check`'s differential test).
  public var description: String { SchemaLocation.diagnostic(message, at: locations, note: nil) }
}
