/// One value of an enum type.
public struct SchemaEnumValue: Sendable {
  public var name: String
  public var description: String?
  public var deprecationReason: String?
  public var location: DiagnosticLocation?

  public init(
    name: String, description: String? = nil, deprecationReason: String? = nil,
    location: DiagnosticLocation? = nil
  ) {
    self.name = name
    self.description = description
    self.deprecationReason = deprecationReason
    self.location = location
  }
}
