/// A field of an object or interface type.
public struct SchemaField: Sendable {
  public var name: String
  public var description: String?
  public var arguments: [SchemaInputValue]
  public var type: SchemaTypeReference
  public var deprecationReason: String?
  public var location: DiagnosticLocation?
  /// Where the definition's type is written, for errors about the type.
  public var typeLocation: DiagnosticLocation?
  /// Relay's `@semanticNonNull(levels:)`: the list levels (0 the field itself) that are
  /// null only when there is an error. Set by the directive on the field or by
  /// `@semanticNonNullField(name:levels:)` on its type.
  public var semanticNonNullLevels: [Int]?
  /// Declared in a client extension file, not by the server (Relay's client schema
  /// extensions).
  public var isClientExtension: Bool
  /// `@fieldPolicy(forField:keyArgs:)` on its type: the arguments whose values are the key
  /// of the record the field resolves to (a cache redirect).
  public var redirectKeyArguments: [String]?
  /// `@maxAgeField(name:seconds:)` or `@maxAge(seconds:)` on its type: how long a value of
  /// it the store holds stays fresh, in seconds.
  public var maxAgeSeconds: Int?

  public init(
    name: String, description: String? = nil, arguments: [SchemaInputValue] = [],
    type: SchemaTypeReference, deprecationReason: String? = nil, location: DiagnosticLocation? = nil,
    semanticNonNullLevels: [Int]? = nil, typeLocation: DiagnosticLocation? = nil, isClientExtension: Bool = false
  ) {
    self.isClientExtension = isClientExtension
    self.typeLocation = typeLocation
    self.semanticNonNullLevels = semanticNonNullLevels
    self.name = name
    self.description = description
    self.arguments = arguments
    self.type = type
    self.deprecationReason = deprecationReason
    self.location = location
  }

  /// The argument called `name`. Fields have few arguments, so a scan is cheapest.
  public func argument(named name: String) -> SchemaInputValue? {
    arguments.first { $0.name == name }
  }
}
