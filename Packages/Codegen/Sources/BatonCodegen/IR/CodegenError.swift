/// A problem generating code: a message and where, as `file:line:column: error: message`.
public struct CodegenError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var locations: [SchemaLocation]

  public init(_ message: String, locations: [SchemaLocation] = []) {
    self.message = message
    self.locations = locations
  }

  public var description: String {
    guard let first = locations.first else { return "error: \(message)" }
    return "\(first): error: \(message)"
  }
}

/// Every error of one generation run, in the order they were found.
public struct CodegenErrors: Error, Sendable, Equatable, CustomStringConvertible {
  public var errors: [CodegenError]

  public init(_ errors: [CodegenError]) { self.errors = errors }

  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
