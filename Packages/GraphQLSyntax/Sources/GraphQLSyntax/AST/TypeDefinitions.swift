/// `Description? schema Directives[Const]? { RootOperationTypeDefinition+ }`
public struct SchemaDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var directives: [Directive]
  public var operationTypes: [OperationTypeDefinition]
  public var loc: Location?

  public init(
    description: StringValue? = nil, directives: [Directive] = [],
    operationTypes: [OperationTypeDefinition], loc: Location? = nil
  ) {
    self.description = description
    self.directives = directives
    self.operationTypes = operationTypes
    self.loc = loc
  }
}

/// `OperationType : NamedType`
public struct OperationTypeDefinition: Hashable, Sendable {
  public var operation: OperationType
  public var type: NamedType
  public var loc: Location?

  public init(operation: OperationType, type: NamedType, loc: Location? = nil) {
    self.operation = operation
    self.type = type
    self.loc = loc
  }
}

/// `Description? scalar Name Directives[Const]?`
public struct ScalarTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var directives: [Directive]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, directives: [Directive] = [],
    loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.loc = loc
  }
}

/// `Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?`
public struct ObjectTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var interfaces: [NamedType]
  public var directives: [Directive]
  public var fields: [FieldDefinition]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
    directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.interfaces = interfaces
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `Description? interface Name ImplementsInterfaces? Directives[Const]?
/// FieldsDefinition?`
public struct InterfaceTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var interfaces: [NamedType]
  public var directives: [Directive]
  public var fields: [FieldDefinition]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
    directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.interfaces = interfaces
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `Description? union Name Directives[Const]? UnionMemberTypes?`
public struct UnionTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var directives: [Directive]
  public var types: [NamedType]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, directives: [Directive] = [],
    types: [NamedType] = [], loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.types = types
    self.loc = loc
  }
}

/// `Description? enum Name Directives[Const]? EnumValuesDefinition?`
public struct EnumTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var directives: [Directive]
  public var values: [EnumValueDefinition]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, directives: [Directive] = [],
    values: [EnumValueDefinition] = [], loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.values = values
    self.loc = loc
  }
}

/// `Description? EnumValue Directives[Const]?`
public struct EnumValueDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var directives: [Directive]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, directives: [Directive] = [],
    loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.loc = loc
  }
}

/// `Description? input Name Directives[Const]? InputFieldsDefinition?`
public struct InputObjectTypeDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var directives: [Directive]
  public var fields: [InputValueDefinition]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, directives: [Directive] = [],
    fields: [InputValueDefinition] = [], loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `Description? directive @ Name ArgumentsDefinition? Directives[Const]? repeatable?
/// on DirectiveLocations` (directives on a directive definition as graphql-core 3.3).
public struct DirectiveDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var arguments: [InputValueDefinition]
  public var directives: [Directive]
  public var repeatable: Bool
  public var locations: [Name]
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
    directives: [Directive] = [], repeatable: Bool = false, locations: [Name],
    loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.arguments = arguments
    self.directives = directives
    self.repeatable = repeatable
    self.locations = locations
    self.loc = loc
  }
}
