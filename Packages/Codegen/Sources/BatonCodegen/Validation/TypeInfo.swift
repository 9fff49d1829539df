import GraphQLSyntax

/// What the schema says about the node a walk is at: the output type and its parent
/// composite type, the field, directive and argument definitions, and the expected input
/// type, kept as stacks exactly as graphql-js's `TypeInfo` keeps them.
package struct TypeInfo {
  package let schema: Schema
  private var typeStack: [SchemaTypeReference?] = []
  private var parentTypeStack: [SchemaType?] = []
  private var inputTypeStack: [SchemaTypeReference?] = []
  private var fieldDefinitionStack: [SchemaField?] = []
  private var defaultValueStack: [Bool] = []
  /// The directive whose arguments are being walked.
  package private(set) var directive: SchemaDirective?
  /// The definition of the argument being walked.
  package private(set) var argument: SchemaInputValue?

  package init(schema: Schema) {
    self.schema = schema
  }

  /// The output type of the current field, operation or fragment.
  package var type: SchemaTypeReference? { typeStack.last ?? nil }
  /// The composite type whose selection set is being walked.
  package var parentType: SchemaType? { parentTypeStack.last ?? nil }
  /// The type the current value must have.
  package var inputType: SchemaTypeReference? { inputTypeStack.last ?? nil }
  /// The type of the value enclosing the current one.
  package var parentInputType: SchemaTypeReference? {
    inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
  }
  package var fieldDefinition: SchemaField? { fieldDefinitionStack.last ?? nil }
  /// Whether the argument or input field being walked has a default value.
  package var hasDefaultValue: Bool { defaultValueStack.last ?? false }

  /// The named type of `reference` when it is an input type of the schema.
  func inputTypeReference(_ reference: SchemaTypeReference?) -> SchemaTypeReference? {
    guard let reference, schema.type(named: reference.namedType)?.kind.isInput == true else { return nil }
    return reference
  }

  /// `SchemaTypeReference` of an AST type, if its named type exists.
  func typeReference(_ node: GraphQLSyntax.TypeReference) -> SchemaTypeReference? {
    let reference = SDLTypeBuilder.typeReference(node)
    return schema.type(named: reference.namedType) == nil ? nil : reference
  }

  mutating func enterSelectionSet() {
    let named = type.flatMap { schema.type(named: $0.namedType) }
    parentTypeStack.append(named?.kind.isComposite == true ? named : nil)
  }

  mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

  mutating func enterField(_ field: Field) {
    var definition: SchemaField?
    if let parent = parentType { definition = schema.field(named: field.name.value, on: parent) }
    fieldDefinitionStack.append(definition)
    let fieldType = definition?.type
    let isOutput = fieldType.flatMap { schema.type(named: $0.namedType) }?.kind.isOutput == true
    typeStack.append(isOutput ? fieldType : nil)
  }

  mutating func leaveField() {
    fieldDefinitionStack.removeLast()
    typeStack.removeLast()
  }

  mutating func enterDirective(_ node: Directive) { directive = schema.directive(named: node.name.value) }
  mutating func leaveDirective() { directive = nil }

  mutating func enterOperation(_ operation: OperationDefinition) {
    let root: String? =
      switch operation.operation {
      case .query: schema.queryTypeName
      case .mutation: schema.mutationTypeName
      case .subscription: schema.subscriptionTypeName
      }
    let isObject = root.flatMap { schema.type(named: $0) }?.kind == .object
    typeStack.append(isObject ? root.map { .named($0) } : nil)
  }

  mutating func leaveOperation() { typeStack.removeLast() }

  mutating func enterTypeCondition(_ condition: GraphQLSyntax.NamedType?) {
    let name = condition?.name.value ?? type?.namedType
    let isOutput = name.flatMap { schema.type(named: $0) }?.kind.isOutput == true
    typeStack.append(isOutput ? name.map { .named($0) } : nil)
  }

  mutating func leaveTypeCondition() { typeStack.removeLast() }

  mutating func enterVariableDefinition(_ definition: VariableDefinition) {
    inputTypeStack.append(inputTypeReference(typeReference(definition.type)))
  }

  mutating func leaveVariableDefinition() { inputTypeStack.removeLast() }

  mutating func enterArgument(_ node: Argument) {
    let definition = (directive?.arguments ?? fieldDefinition?.arguments)?
      .first { $0.name == node.name.value }
    argument = definition
    defaultValueStack.append(definition?.defaultValue != nil)
    inputTypeStack.append(inputTypeReference(definition?.type))
  }

  mutating func leaveArgument() {
    argument = nil
    defaultValueStack.removeLast()
    inputTypeStack.removeLast()
  }

  mutating func enterListValue() {
    var item: SchemaTypeReference?
    if case .list(let inner) = inputType?.nullable { item = inner }
    defaultValueStack.append(false)
    inputTypeStack.append(inputTypeReference(item))
  }

  mutating func enterObjectField(_ node: ObjectField) {
    var field: SchemaInputValue?
    if let named = inputType.flatMap({ schema.type(named: $0.namedType) }), named.kind == .inputObject {
      field = named.inputField(named: node.name.value)
    }
    defaultValueStack.append(field?.defaultValue != nil)
    inputTypeStack.append(inputTypeReference(field?.type))
  }

  /// Leaves a list value or an object field.
  mutating func leaveInputScope() {
    defaultValueStack.removeLast()
    inputTypeStack.removeLast()
  }
}
