/// Every error found in a schema's SDL, sorted by where they occur.
public struct SchemaErrors: Error, Sendable, CustomStringConvertible {
  public var errors: [SchemaError]

  public init(_ errors: [SchemaError]) {
    self.errors = errors
  }

  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
