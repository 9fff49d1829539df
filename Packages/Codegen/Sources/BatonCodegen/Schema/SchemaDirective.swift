import GraphQLSyntax

/// A directive the schema knows: built in, declared in SDL, or one of Relay's.
public struct SchemaDirective: Sendable {
  public var name: String
  public var description: String?
  public var arguments: [SchemaInputValue]
  public var isRepeatable: Bool
  public var locations: [DirectiveLocation]
  public var deprecationReason: String?
  public var location: DiagnosticLocation?
  /// Relay's `@argumentDefinitions` and `@arguments`, whose arguments are the fragment's
  /// variables rather than declared ones.
  public var acceptsAnyArguments: Bool

  public init(
    name: String, description: String? = nil, arguments: [SchemaInputValue] = [],
    isRepeatable: Bool = false, locations: [DirectiveLocation],
    deprecationReason: String? = nil, location: DiagnosticLocation? = nil, acceptsAnyArguments: Bool = false
  ) {
    self.name = name
    self.description = description
    self.arguments = arguments
    self.isRepeatable = isRepeatable
    self.locations = locations
    self.deprecationReason = deprecationReason
    self.location = location
    self.acceptsAnyArguments = acceptsAnyArguments
  }

  public func argument(named name: String) -> SchemaInputValue? {
    arguments.first { $0.name == name }
  }
}
