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
///
/// Three words: the location is stored without an optional's extra byte (which padding
/// would make a fourth word in every node holding a name).
public struct Name: Hashable, Sendable {
  public var value: String
  private var storedLoc: Location

  public init(_ value: String, loc: Location? = nil) {
    self.value = value
    self.storedLoc = loc ?? .missing
  }

  public var loc: Location? {
    get { storedLoc == .missing ? nil : storedLoc }
    set { storedLoc = newValue ?? .missing }
  }
}
