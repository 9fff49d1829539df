import GraphQLSyntax

/// Collects the variables an operation or fragment uses (not through its spreads), with
/// a type-information walk of its own, skipping variable definitions, as graphql-js's
/// `getVariableUsages`.
struct VariableUsageCollector {
  private var typeInfo: TypeInfo
  private var usages: [VariableUsage] = []

  static func collect(operation: OperationDefinition, schema: Schema) -> [VariableUsage] {
    var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema))
    collector.typeInfo.enterOperation(operation)
    collector.directives(operation.directives)
    collector.selectionSet(operation.selectionSet)
    return collector.usages
  }

  static func collect(fragment: FragmentDefinition, schema: Schema) -> [VariableUsage] {
    var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema))
    collector.typeInfo.enterTypeCondition(fragment.typeCondition)
    collector.directives(fragment.directives)
    collector.selectionSet(fragment.selectionSet)
    return collector.usages
  }

  private mutating func selectionSet(_ set: SelectionSet) {
    typeInfo.enterSelectionSet()
    for selection in set.selections {
      switch selection {
      case .field(let field):
        typeInfo.enterField(field)
        arguments(field.arguments)
        directives(field.directives)
        if let nested = field.selectionSet { selectionSet(nested) }
        typeInfo.leaveField()
      case .fragmentSpread(let spread):
        directives(spread.directives)
      case .inlineFragment(let fragment):
        typeInfo.enterTypeCondition(fragment.typeCondition)
        directives(fragment.directives)
        selectionSet(fragment.selectionSet)
        typeInfo.leaveTypeCondition()
      }
    }
    typeInfo.leaveSelectionSet()
  }

  private mutating func directives(_ directives: [Directive]) {
    for directive in directives {
      typeInfo.enterDirective(directive)
      arguments(directive.arguments)
      typeInfo.leaveDirective()
    }
  }

  private mutating func arguments(_ arguments: [Argument]) {
    for argument in arguments {
      typeInfo.enterArgument(argument)
      value(argument.value)
      typeInfo.leaveArgument()
    }
  }

  private mutating func value(_ value: Value) {
    switch value {
    case .variable(let variable):
      usages.append(VariableUsage(
        variable: variable, type: typeInfo.inputType, parentType: typeInfo.parentInputType,
        hasDefaultValue: typeInfo.hasDefaultValue))
    case .list(let list):
      typeInfo.enterListValue()
      for item in list.values { self.value(item) }
      typeInfo.leaveInputScope()
    case .object(let object):
      for field in object.fields {
        typeInfo.enterObjectField(field)
        self.value(field.value)
        typeInfo.leaveInputScope()
      }
    default:
      break
    }
  }
}
