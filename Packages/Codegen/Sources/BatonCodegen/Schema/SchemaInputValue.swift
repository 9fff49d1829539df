/// An argument of a field or directive, or a field of an input object.
public struct SchemaInputValue: Sendable {
  public var name: String
  public var description: String?
  public var type: SchemaTypeReference
  /// The default value as a canonical GraphQL literal (`{a: 1, b: [RED]}`), if any.
  /// Kept as the literal, as graphql-core 3.3 does, so it prints as it was written.
  public var defaultValue: String?
  public var deprecationReason: String?
  public var location: DiagnosticLocation?
  /// Where the definition's type is written, for errors about the type.
  public var typeLocation: DiagnosticLocation?

  public init(
    name: String, description: String? = nil, type: SchemaTypeReference, defaultValue: String? = nil,
    deprecationReason: String? = nil, location: DiagnosticLocation? = nil, typeLocation: DiagnosticLocation? = nil
  ) {
    self.typeLocation = typeLocation
    self.name = name
    self.description = description
    self.type = type
    self.defaultValue = defaultValue
    self.deprecationReason = deprecationReason
    self.location = location
  }
}
