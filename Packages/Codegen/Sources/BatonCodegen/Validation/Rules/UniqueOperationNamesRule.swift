import GraphQLSyntax

/// Each named operation has a name of its own (spec §5.2.2.1).
package final class UniqueOperationNamesRule: ValidationRule {
  private let context: ValidationContext
  private var known: [String: Name] = [:]
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    if let name = operation.name {
      if let first = known[name.value] {
        context.reportDuplicate("There can be only one operation named '\(name.value)'.", [first.loc, name.loc])
      } else {
        known[name.value] = name
      }
    }
    return .skipChildren
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction { .skipChildren }
}
