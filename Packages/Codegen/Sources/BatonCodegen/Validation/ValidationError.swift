/// A validation error in an executable document: graphql-core's message and the
/// locations of the nodes involved, in the order graphql-core gives them.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [DiagnosticLocation]
  /// Whether a name was given twice (`There can be only one …`): the first location is the
  /// first definition, the others its repeats.
  public var isDuplicate: Bool

  public init(_ message: String, locations: [DiagnosticLocation] = [], isDuplicate: Bool = false) {
    self.message = message
    self.locations = locations
    self.isDuplicate = isDuplicate
  }

  /// `file:line:column: error: message`, at the first location only, as graphql-core prints
  /// validation errors (the oracle of `baton check`'s differential test).
  public var description: String { DiagnosticLocation.diagnostic(message, at: locations, note: nil) }
}
