/// `extend schema Directives[Const]? { RootOperationTypeDefinition+ }?` (at least one
/// of the two).
public struct SchemaExtension: Hashable, Sendable {
  public var directives: [Directive]
  public var operationTypes: [OperationTypeDefinition]
  public var loc: Location?

  public init(
    directives: [Directive] = [], operationTypes: [OperationTypeDefinition] = [],
    loc: Location? = nil
  ) {
    self.directives = directives
    self.operationTypes = operationTypes
    self.loc = loc
  }
}

/// `extend scalar Name Directives[Const]`
public struct ScalarTypeExtension: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var loc: Location?

  public init(name: Name, directives: [Directive] = [], loc: Location? = nil) {
    self.name = name
    self.directives = directives
    self.loc = loc
  }
}

/// `extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?`
/// (at least one of the three).
public struct ObjectTypeExtension: Hashable, Sendable {
  public var name: Name
  public var interfaces: [NamedType]
  public var directives: [Directive]
  public var fields: [FieldDefinition]
  public var loc: Location?

  public init(
    name: Name, interfaces: [NamedType] = [], directives: [Directive] = [],
    fields: [FieldDefinition] = [], loc: Location? = nil
  ) {
    self.name = name
    self.interfaces = interfaces
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `extend interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?`
/// (at least one of the three).
public struct InterfaceTypeExtension: Hashable, Sendable {
  public var name: Name
  public var interfaces: [NamedType]
  public var directives: [Directive]
  public var fields: [FieldDefinition]
  public var loc: Location?

  public init(
    name: Name, interfaces: [NamedType] = [], directives: [Directive] = [],
    fields: [FieldDefinition] = [], loc: Location? = nil
  ) {
    self.name = name
    self.interfaces = interfaces
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `extend union Name Directives[Const]? UnionMemberTypes?` (at least one of the two).
public struct UnionTypeExtension: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var types: [NamedType]
  public var loc: Location?

  public init(
    name: Name, directives: [Directive] = [], types: [NamedType] = [], loc: Location? = nil
  ) {
    self.name = name
    self.directives = directives
    self.types = types
    self.loc = loc
  }
}

/// `extend enum Name Directives[Const]? EnumValuesDefinition?` (at least one of the
/// two).
public struct EnumTypeExtension: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var values: [EnumValueDefinition]
  public var loc: Location?

  public init(
    name: Name, directives: [Directive] = [], values: [EnumValueDefinition] = [],
    loc: Location? = nil
  ) {
    self.name = name
    self.directives = directives
    self.values = values
    self.loc = loc
  }
}

/// `extend input Name Directives[Const]? InputFieldsDefinition?` (at least one of the
/// two).
public struct InputObjectTypeExtension: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var fields: [InputValueDefinition]
  public var loc: Location?

  public init(
    name: Name, directives: [Directive] = [], fields: [InputValueDefinition] = [],
    loc: Location? = nil
  ) {
    self.name = name
    self.directives = directives
    self.fields = fields
    self.loc = loc
  }
}

/// `extend directive @ Name Directives[Const]`, as graphql-core 3.3 parses by default.
public struct DirectiveExtension: Hashable, Sendable {
  public var name: Name
  public var directives: [Directive]
  public var loc: Location?

  public init(name: Name, directives: [Directive] = [], loc: Location? = nil) {
    self.name = name
    self.directives = directives
    self.loc = loc
  }
}
