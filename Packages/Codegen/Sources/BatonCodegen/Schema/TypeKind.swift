/// The six kinds of named type, spelled as introspection's `__TypeKind` spells them.
public enum TypeKind: String, Sendable, CaseIterable {
  case scalar = "SCALAR"
  case object = "OBJECT"
  case interface = "INTERFACE"
  case union = "UNION"
  case enumeration = "ENUM"
  case inputObject = "INPUT_OBJECT"

  /// Object, interface and union types: those selections are made on.
  public var isComposite: Bool { self == .object || self == .interface || self == .union }

  /// Interface and union types, whose runtime type is one of several objects.
  public var isAbstract: Bool { self == .interface || self == .union }

  /// Scalar and enum types, which end a selection.
  public var isLeaf: Bool { self == .scalar || self == .enumeration }

  /// Types a variable or argument may have.
  public var isInput: Bool { self == .scalar || self == .enumeration || self == .inputObject }

  /// Types a field may have.
  public var isOutput: Bool { self != .inputObject }
}
