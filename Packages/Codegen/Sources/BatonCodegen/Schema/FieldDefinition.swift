/// A field of an object or interface type.
public struct FieldDefinition: Sendable {
  public var name: String
  public var description: String?
  public var arguments: [InputValueDefinition]
  public var type: TypeReference
  public var deprecationReason: String?
  public var location: SchemaLocation?

  public init(
    name: String, description: String? = nil, arguments: [InputValueDefinition] = [],
    type: TypeReference, deprecationReason: String? = nil, location: SchemaLocation? = nil
  ) {
    self.name = name
    self.description = description
    self.arguments = arguments
    self.type = type
    self.deprecationReason = deprecationReason
    self.location = location
  }

  /// The argument called `name`. Fields have few arguments, so a scan is cheapest.
  public func argument(named name: String) -> InputValueDefinition? {
    arguments.first { $0.name == name }
  }
}
