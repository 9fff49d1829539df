/// One top-level definition of a document.
public enum Definition: Hashable, Sendable {
  case operation(OperationDefinition)
  case fragment(FragmentDefinition)
  case schema(SchemaDefinition)
  case scalarType(ScalarTypeDefinition)
  case objectType(ObjectTypeDefinition)
  case interfaceType(InterfaceTypeDefinition)
  case unionType(UnionTypeDefinition)
  case enumType(EnumTypeDefinition)
  case inputObjectType(InputObjectTypeDefinition)
  case directive(DirectiveDefinition)
  case schemaExtension(SchemaExtension)
  case scalarTypeExtension(ScalarTypeExtension)
  case objectTypeExtension(ObjectTypeExtension)
  case interfaceTypeExtension(InterfaceTypeExtension)
  case unionTypeExtension(UnionTypeExtension)
  case enumTypeExtension(EnumTypeExtension)
  case inputObjectTypeExtension(InputObjectTypeExtension)
  case directiveExtension(DirectiveExtension)

  /// The definition's source range, or nil when parsed with `noLocation`.
  public var loc: Location? {
    switch self {
    case .operation(let node): node.loc
    case .fragment(let node): node.loc
    case .schema(let node): node.loc
    case .scalarType(let node): node.loc
    case .objectType(let node): node.loc
    case .interfaceType(let node): node.loc
    case .unionType(let node): node.loc
    case .enumType(let node): node.loc
    case .inputObjectType(let node): node.loc
    case .directive(let node): node.loc
    case .schemaExtension(let node): node.loc
    case .scalarTypeExtension(let node): node.loc
    case .objectTypeExtension(let node): node.loc
    case .interfaceTypeExtension(let node): node.loc
    case .unionTypeExtension(let node): node.loc
    case .enumTypeExtension(let node): node.loc
    case .inputObjectTypeExtension(let node): node.loc
    case .directiveExtension(let node): node.loc
    }
  }

  /// Whether this is an operation or a fragment (an `ExecutableDefinition`).
  public var isExecutable: Bool {
    switch self {
    case .operation, .fragment: true
    default: false
    }
  }
}
