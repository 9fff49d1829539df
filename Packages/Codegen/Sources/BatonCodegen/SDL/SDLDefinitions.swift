import GraphQLSyntax

/// The type-system definitions of several SDL files, gathered by kind, each with its file.
struct SDLDefinitions {
  var schemaDefinitions: [Located<SchemaDefinition>] = []
  var schemaExtensions: [Located<SchemaExtension>] = []
  var typeDefinitions: [Located<Definition>] = []
  var typeExtensions: [Located<Definition>] = []
  var directiveDefinitions: [Located<GraphQLSyntax.DirectiveDefinition>] = []
  var directiveExtensions: [Located<DirectiveExtension>] = []
  /// Operations and fragments, which do not belong in a schema.
  var executableDefinitions: [Located<Definition>] = []

  init(_ documents: [SDLDocument]) {
    for document in documents {
      for definition in document.document.definitions {
        let located = Located(node: definition, document: document)
        switch definition {
        case .schema(let node): schemaDefinitions.append(Located(node: node, document: document))
        case .schemaExtension(let node):
          schemaExtensions.append(Located(node: node, document: document))
        case .directive(let node):
          directiveDefinitions.append(Located(node: node, document: document))
        case .directiveExtension(let node):
          directiveExtensions.append(Located(node: node, document: document))
        case .operation, .fragment: executableDefinitions.append(located)
        case .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType:
          typeDefinitions.append(located)
        case .scalarTypeExtension, .objectTypeExtension, .interfaceTypeExtension,
          .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension:
          typeExtensions.append(located)
        }
      }
    }
  }
}

extension Definition {
  /// The name a type definition or extension defines or extends.
  var typeName: Name? {
    switch self {
    case .scalarType(let node): node.name
    case .objectType(let node): node.name
    case .interfaceType(let node): node.name
    case .unionType(let node): node.name
    case .enumType(let node): node.name
    case .inputObjectType(let node): node.name
    case .scalarTypeExtension(let node): node.name
    case .objectTypeExtension(let node): node.name
    case .interfaceTypeExtension(let node): node.name
    case .unionTypeExtension(let node): node.name
    case .enumTypeExtension(let node): node.name
    case .inputObjectTypeExtension(let node): node.name
    default: nil
    }
  }

  /// The kind of type a definition or extension is about.
  var typeKind: TypeKind? {
    switch self {
    case .scalarType, .scalarTypeExtension: .scalar
    case .objectType, .objectTypeExtension: .object
    case .interfaceType, .interfaceTypeExtension: .interface
    case .unionType, .unionTypeExtension: .union
    case .enumType, .enumTypeExtension: .enumeration
    case .inputObjectType, .inputObjectTypeExtension: .inputObject
    default: nil
    }
  }

  /// The directives applied to a type definition or extension.
  var typeDirectives: [Directive] {
    switch self {
    case .scalarType(let node): node.directives
    case .objectType(let node): node.directives
    case .interfaceType(let node): node.directives
    case .unionType(let node): node.directives
    case .enumType(let node): node.directives
    case .inputObjectType(let node): node.directives
    case .scalarTypeExtension(let node): node.directives
    case .objectTypeExtension(let node): node.directives
    case .interfaceTypeExtension(let node): node.directives
    case .unionTypeExtension(let node): node.directives
    case .enumTypeExtension(let node): node.directives
    case .inputObjectTypeExtension(let node): node.directives
    default: []
    }
  }

  /// Fields of an object or interface definition or extension.
  var fieldDefinitions: [GraphQLSyntax.FieldDefinition] {
    switch self {
    case .objectType(let node): node.fields
    case .interfaceType(let node): node.fields
    case .objectTypeExtension(let node): node.fields
    case .interfaceTypeExtension(let node): node.fields
    default: []
    }
  }

  /// Interfaces named by an object or interface definition or extension.
  var implementedInterfaces: [GraphQLSyntax.NamedType] {
    switch self {
    case .objectType(let node): node.interfaces
    case .interfaceType(let node): node.interfaces
    case .objectTypeExtension(let node): node.interfaces
    case .interfaceTypeExtension(let node): node.interfaces
    default: []
    }
  }

  var unionMemberTypes: [GraphQLSyntax.NamedType] {
    switch self {
    case .unionType(let node): node.types
    case .unionTypeExtension(let node): node.types
    default: []
    }
  }

  var enumValueDefinitions: [GraphQLSyntax.EnumValueDefinition] {
    switch self {
    case .enumType(let node): node.values
    case .enumTypeExtension(let node): node.values
    default: []
    }
  }

  var inputFieldDefinitions: [GraphQLSyntax.InputValueDefinition] {
    switch self {
    case .inputObjectType(let node): node.fields
    case .inputObjectTypeExtension(let node): node.fields
    default: []
    }
  }

  var typeDescription: StringValue? {
    switch self {
    case .scalarType(let node): node.description
    case .objectType(let node): node.description
    case .interfaceType(let node): node.description
    case .unionType(let node): node.description
    case .enumType(let node): node.description
    case .inputObjectType(let node): node.description
    default: nil
    }
  }
}
