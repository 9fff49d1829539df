/// A field's type as the reader and normalizer need it: the named type, its kind, and the
/// nullability at every level of list wrapping.
///
/// `[[String!]]!` is `TypeReference("String", .scalar, [.nonNull, .nullable, .nonNull])`:
/// `levels` is outermost first and its count is the list depth plus one.
public struct TypeReference: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case scalar, enumeration, object, interface, union
  }

  public var name: String
  public var kind: Kind
  public var levels: [Nullability]

  public init(_ name: String, _ kind: Kind, _ levels: [Nullability] = [.nullable]) {
    self.name = name
    self.kind = kind
    self.levels = levels.isEmpty ? [.nullable] : levels
  }

  /// How many lists wrap the named type.
  public var listDepth: Int { levels.count - 1 }

  /// Objects, interfaces and unions have selection sets; scalars and enums do not.
  public var isComposite: Bool {
    switch kind {
    case .object, .interface, .union: true
    case .scalar, .enumeration: false
    }
  }

  /// Built-in scalars and enums can never be JSON objects or lists; custom scalars can.
  var isBuiltInLeaf: Bool {
    switch kind {
    case .enumeration: true
    case .scalar: name == "String" || name == "Int" || name == "Float" || name == "Boolean" || name == "ID"
    case .object, .interface, .union: false
    }
  }
}
