/// A type in a variable, argument or field definition: `NamedType`, `ListType` or
/// `NonNullType`.
///
/// Only list types and what non-null wraps other than a name are boxed: `String` and
/// `String!` (most references in a schema) cost no allocation, `[String!]!` two.
public enum TypeReference: Hashable, Sendable {
  case named(NamedType)
  indirect case list(ListType)
  case nonNull(NonNullType)

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
  private var wrapped: Wrapped
  public var loc: Location?

  /// A named type inline, anything else (a list) boxed.
  private enum Wrapped: Hashable, Sendable {
    case named(NamedType)
    indirect case other(TypeReference)

    init(_ type: TypeReference) {
      if case .named(let named) = type {
        self = .named(named)
      } else {
        self = .other(type)
      }
    }
  }

  public init(type: TypeReference, loc: Location? = nil) {
    self.wrapped = Wrapped(type)
    self.loc = loc
  }

  init(named: NamedType, loc: Location?) {
    self.wrapped = .named(named)
    self.loc = loc
  }

  public var type: TypeReference {
    get {
      switch wrapped {
      case .named(let named): .named(named)
      case .other(let type): type
      }
    }
    set { wrapped = Wrapped(newValue) }
  }
}
