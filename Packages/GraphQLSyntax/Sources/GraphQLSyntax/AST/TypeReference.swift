/// A type in a variable, argument or field definition: `NamedType`, `ListType` or
/// `NonNullType`.
///
/// Only the wrappers are boxed: a named type (most references, and the inside of every
/// wrapper) is stored inline, so `String` costs no allocation and `String!` one.
public enum TypeReference: Hashable, Sendable {
  case named(NamedType)
  indirect case list(ListType)
  indirect case nonNull(NonNullType)

  public var loc: Location? {
    switch self {
    case .named(let node): node.loc
    case .list(let node): node.loc
    case .nonNull(let node): node.loc
    }
  }

  /// The named type at the bottom of any list and non-null wrappers.
  public var namedType: NamedType {
    switch self {
    case .named(let node): node
    case .list(let node): node.type.namedType
    case .nonNull(let node): node.type.namedType
    }
  }
}

/// `Name`, used as a type.
public struct NamedType: Hashable, Sendable {
  public var name: Name
  public var loc: Location?

  public init(name: Name, loc: Location? = nil) {
    self.name = name
    self.loc = loc
  }
}

/// `[ Type ]`
public struct ListType: Hashable, Sendable {
  public var type: TypeReference
  public var loc: Location?

  public init(type: TypeReference, loc: Location? = nil) {
    self.type = type
    self.loc = loc
  }
}

/// `Type !`; the wrapped type is never itself non-null.
public struct NonNullType: Hashable, Sendable {
  public var type: TypeReference
  public var loc: Location?

  public init(type: TypeReference, loc: Location? = nil) {
    self.type = type
    self.loc = loc
  }
}
