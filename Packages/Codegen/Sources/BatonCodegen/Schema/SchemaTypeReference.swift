/// A reference to a type as written where it is used: a named type, possibly wrapped in
/// lists and non-null markers (`[String!]!`).
public indirect enum SchemaTypeReference: Hashable, Sendable, CustomStringConvertible {
  case named(String)
  case list(SchemaTypeReference)
  case nonNull(SchemaTypeReference)

  /// The named type at the core of the wrappers.
  public var namedType: String {
    switch self {
    case .named(let name): return name
    case .list(let inner), .nonNull(let inner): return inner.namedType
    }
  }

  /// Whether the outermost wrapper is non-null.
  public var isNonNull: Bool {
    if case .nonNull = self { return true }
    return false
  }

  /// The type without its outermost non-null marker.
  public var nullable: SchemaTypeReference {
    if case .nonNull(let inner) = self { return inner }
    return self
  }

  /// The SDL spelling, `[String!]!`.
  public var description: String {
    switch self {
    case .named(let name): return name
    case .list(let inner): return "[\(inner)]"
    case .nonNull(let inner): return "\(inner)!"
    }
  }
}
