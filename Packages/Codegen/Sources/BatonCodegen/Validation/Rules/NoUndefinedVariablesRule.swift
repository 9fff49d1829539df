import GraphQLSyntax

/// Every variable an operation uses, directly or through fragments, is defined by it
/// (spec §5.8.3).
package final class NoUndefinedVariablesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
    for usage in context.recursiveVariableUsages(operation) {
      let name = usage.variable.name.value
      guard !defined.contains(name) else { continue }
      let message =
        operation.name.map { "Variable '$\(name)' is not defined by operation '\($0.value)'." }
        ?? "Variable '$\(name)' is not defined."
      context.report(message, [usage.variable.loc, operation.loc])
    }
    return .continue
  }
}
