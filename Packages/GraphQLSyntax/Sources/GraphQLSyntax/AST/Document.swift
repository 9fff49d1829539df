/// A parsed GraphQL document: executable definitions, type-system definitions and
/// extensions, in source order.
public struct Document: Hashable, Sendable {
  public var definitions: [Definition]
  public var loc: Location?

  public init(definitions: [Definition], loc: Location? = nil) {
    self.definitions = definitions
    self.loc = loc
  }
}

/// A name token: `Name :: NameStart NameContinue*`.
public struct Name: Hashable, Sendable {
  public var value: String
  public var loc: Location?

  public init(_ value: String, loc: Location? = nil) {
    self.value = value
    self.loc = loc
  }
}
