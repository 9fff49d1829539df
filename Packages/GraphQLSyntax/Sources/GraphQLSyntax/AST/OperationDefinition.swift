/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable {
  case query
  case mutation
  case subscription
}

/// An operation: `Description? OperationType Name? VariableDefinitions? Directives?
/// SelectionSet`, or the query shorthand `SelectionSet`.
public struct OperationDefinition: Hashable, Sendable {
  public var operation: OperationType
  /// A description, as graphql-js 17 and graphql-core 3.3 accept on operations.
  public var description: StringValue?
  public var name: Name?
  public var variableDefinitions: [VariableDefinition]
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var loc: Location?

  public init(
    operation: OperationType, description: StringValue? = nil, name: Name? = nil,
    variableDefinitions: [VariableDefinition] = [], directives: [Directive] = [],
    selectionSet: SelectionSet, loc: Location? = nil
  ) {
    self.operation = operation
    self.description = description
    self.name = name
    self.variableDefinitions = variableDefinitions
    self.directives = directives
    self.selectionSet = selectionSet
    self.loc = loc
  }
}

/// `Description? Variable : Type DefaultValue? Directives[Const]?`
public struct VariableDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var variable: Variable
  public var type: TypeReference
  public var defaultValue: Value?
  public var directives: [Directive]
  public var loc: Location?

  public init(
    description: StringValue? = nil, variable: Variable, type: TypeReference,
    defaultValue: Value? = nil, directives: [Directive] = [], loc: Location? = nil
  ) {
    self.description = description
    self.variable = variable
    self.type = type
    self.defaultValue = defaultValue
    self.directives = directives
    self.loc = loc
  }
}

/// `Description? fragment FragmentName VariableDefinitions? TypeCondition Directives?
/// SelectionSet`; variable definitions only with `experimentalFragmentArguments`.
public struct FragmentDefinition: Hashable, Sendable {
  public var description: StringValue?
  public var name: Name
  public var variableDefinitions: [VariableDefinition]
  public var typeCondition: NamedType
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var loc: Location?

  public init(
    description: StringValue? = nil, name: Name, variableDefinitions: [VariableDefinition] = [],
    typeCondition: NamedType, directives: [Directive] = [], selectionSet: SelectionSet,
    loc: Location? = nil
  ) {
    self.description = description
    self.name = name
    self.variableDefinitions = variableDefinitions
    self.typeCondition = typeCondition
    self.directives = directives
    self.selectionSet = selectionSet
    self.loc = loc
  }
}
