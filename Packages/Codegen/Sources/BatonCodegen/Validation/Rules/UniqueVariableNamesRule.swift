import GraphQLSyntax

/// An operation defines each variable once (spec §5.8.1).
package final class UniqueVariableNamesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    var groups: [String: [Location?]] = [:]
    var order: [String] = []
    for definition in operation.variableDefinitions {
      let name = definition.variable.name
      if groups[name.value] == nil { order.append(name.value) }
      groups[name.value, default: []].append(name.loc)
    }
    for name in order where (groups[name]?.count ?? 0) > 1 {
      context.reportDuplicate("There can be only one variable named '$\(name)'.", groups[name] ?? [])
    }
    return .continue
  }
}
