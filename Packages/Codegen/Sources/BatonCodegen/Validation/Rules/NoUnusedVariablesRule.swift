import GraphQLSyntax

/// Every variable an operation defines is used, directly or through fragments (spec
/// §5.8.4).
package final class NoUnusedVariablesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    guard !fragment.variableDefinitions.isEmpty else { return .continue }
    let used = Set(context.variableUsages(fragment).map(\.variable.name.value))
    for definition in fragment.variableDefinitions where !used.contains(definition.variable.name.value) {
      context.report(
        "Variable '$\(definition.variable.name.value)' is never used in fragment '\(fragment.name.value)'.",
        [definition.loc])
    }
    return .continue
  }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
    for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
      let name = definition.variable.name.value
      let message =
        operation.name.map { "Variable '$\(name)' is never used in operation '\($0.value)'." }
        ?? "Variable '$\(name)' is never used."
      context.report(message, [definition.loc])
    }
    return .continue
  }
}
