/// An argument of a field or directive, or a field of an input object.
public struct InputValueDefinition: Sendable {
  public var name: String
  public var description: String?
  public var type: TypeReference
  /// The default value as a canonical GraphQL literal (`{a: 1, b: [RED]}`), if any.
  /// Kept as the literal, as graphql-core 3.3 does, so it prints as it was written.
  public var defaultValue: String?
  public var deprecationReason: String?
  public var location: SchemaLocation?
  /// Where the definition's type is written, for errors about the type.
  public var typeLocation: SchemaLocation?

  public init(
    name: String, description: String? = nil, type: TypeReference, defaultValue: String? = nil,
    deprecationReason: String? = nil, location: SchemaLocation? = nil, typeLocation: SchemaLocation? = nil
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
