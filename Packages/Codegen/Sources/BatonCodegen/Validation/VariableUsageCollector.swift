import GraphQLSyntax

/// Collects the variables an operation or fragment uses (not through its spreads), with
/// the input types where they are used, as graphql-js's `getVariableUsages` does.
///
/// The walk itself does not consult the schema: it keeps the path of fields and type
/// conditions, and resolves types along that path only when it meets a variable, each
/// step once. Documents spend most of their fields without variables below them.
struct VariableUsageCollector {
  private enum Step {
    case root(String?)
    case field(String)
    case typeCondition(String?)
  }

  private let schema: Schema
  private var steps: [Step] = []
  /// The type at each step, resolved on demand: nil not yet, .some(nil) no type.
  private var resolved: [SchemaType??] = []
  private var usages: [VariableUsage] = []

  private init(schema: Schema) {
    self.schema = schema
  }

  static func collect(operation: OperationDefinition, schema: Schema) -> [VariableUsage] {
    var collector = VariableUsageCollector(schema: schema)
    let root: String? =
      switch operation.operation {
      case .query: schema.queryTypeName
      case .mutation: schema.mutationTypeName
      case .subscription: schema.subscriptionTypeName
      }
    collector.push(.root(root))
    collector.directives(operation.directives, field: nil)
    collector.selectionSet(operation.selectionSet)
    return collector.usages
  }

  static func collect(fragment: FragmentDefinition, schema: Schema) -> [VariableUsage] {
    var collector = VariableUsageCollector(schema: schema)
    collector.push(.typeCondition(fragment.typeCondition.name.value))
    collector.directives(fragment.directives, field: nil)
    collector.selectionSet(fragment.selectionSet)
    return collector.usages
  }

  private mutating func push(_ step: Step) {
    steps.append(step)
    resolved.append(nil)
  }

  private mutating func pop() {
    steps.removeLast()
    resolved.removeLast()
  }

  /// The composite or other named type at step `index`, as `TypeInfo` would have it.
  private mutating func type(at index: Int) -> SchemaType? {
    if let known = resolved[index] { return known }
    var result: SchemaType?
    switch steps[index] {
    case .root(let name):
      result = name.flatMap { schema.type(named: $0) }.flatMap { $0.kind == .object ? $0 : nil }
    case .field(let name):
      if index > 0, let parent = type(at: index - 1), parent.kind.isComposite,
        let definition = schema.field(named: name, on: parent)
      {
        result = schema.type(named: definition.type.namedType)
      }
    case .typeCondition(let name):
      if let name {
        result = schema.type(named: name)
      } else if index > 0 {
        result = type(at: index - 1)
      }
    }
    resolved[index] = .some(result)
    return result
  }

  private mutating func selectionSet(_ set: SelectionSet) {
    for selection in set.selections {
      switch selection {
      case .field(let field):
        arguments(field.arguments, field: field)
        directives(field.directives, field: field)
        if let nested = field.selectionSet {
          push(.field(field.name.value))
          selectionSet(nested)
          pop()
        }
      case .fragmentSpread(let spread):
        directives(spread.directives, field: nil)
      case .inlineFragment(let fragment):
        push(.typeCondition(fragment.typeCondition?.name.value))
        directives(fragment.directives, field: nil)
        selectionSet(fragment.selectionSet)
        pop()
      }
    }
  }

  private mutating func directives(_ directives: [Directive], field: Field?) {
    for directive in directives where directive.arguments.contains(where: { $0.value.hasVariables }) {
      let definition = schema.directive(named: directive.name.value)
      for argument in directive.arguments where argument.value.hasVariables {
        // Unknown directives fall back to the field's arguments, as TypeInfo does.
        let owner = definition?.arguments ?? field.flatMap { fieldDefinition($0)?.arguments }
        let argumentDefinition = owner?.first { $0.name == argument.name.value }
        value(argument.value, type: inputType(argumentDefinition?.type), parent: nil,
              hasDefault: argumentDefinition?.defaultValue != nil)
      }
    }
  }

  private mutating func fieldDefinition(_ field: Field) -> SchemaField? {
    guard let parent = type(at: steps.count - 1), parent.kind.isComposite else { return nil }
    return schema.field(named: field.name.value, on: parent)
  }

  private mutating func arguments(_ arguments: [Argument], field: Field) {
    guard arguments.contains(where: { $0.value.hasVariables }) else { return }
    let definition = fieldDefinition(field)
    for argument in arguments where argument.value.hasVariables {
      let argumentDefinition = definition?.argument(named: argument.name.value)
      value(argument.value, type: inputType(argumentDefinition?.type), parent: nil,
            hasDefault: argumentDefinition?.defaultValue != nil)
    }
  }

  private func inputType(_ reference: SchemaTypeReference?) -> SchemaTypeReference? {
    guard let reference, schema.type(named: reference.namedType)?.kind.isInput == true else { return nil }
    return reference
  }

  private mutating func value(_ value: Value, type: SchemaTypeReference?, parent: SchemaTypeReference?, hasDefault: Bool) {
    switch value {
    case .variable(let variable):
      usages.append(VariableUsage(variable: variable, type: type, parentType: parent, hasDefaultValue: hasDefault))
    case .list(let list):
      var item: SchemaTypeReference?
      if case .list(let inner) = type?.nullable { item = inputType(inner) }
      for element in list.values where element.hasVariables {
        self.value(element, type: item, parent: type, hasDefault: false)
      }
    case .object(let object):
      var inputObject: SchemaType?
      if let type, let named = schema.type(named: type.namedType), named.kind == .inputObject {
        inputObject = named
      }
      for field in object.fields where field.value.hasVariables {
        let definition = inputObject?.inputField(named: field.name.value)
        self.value(field.value, type: inputType(definition?.type), parent: type,
                   hasDefault: definition?.defaultValue != nil)
      }
    default:
      break
    }
  }
}

extension Value {
  /// Whether a variable appears anywhere in the value.
  var hasVariables: Bool {
    switch self {
    case .variable: true
    case .list(let list): list.values.contains { $0.hasVariables }
    case .object(let object): object.fields.contains { $0.value.hasVariables }
    default: false
    }
  }
}
