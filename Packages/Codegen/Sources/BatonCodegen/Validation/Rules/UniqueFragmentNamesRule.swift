import GraphQLSyntax

/// Each fragment has a name of its own (spec §5.5.1.1).
package final class UniqueFragmentNamesRule: ValidationRule {
  private let context: ValidationContext
  private var known: [String: Name] = [:]
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction { .skipChildren }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    let name = fragment.name
    if let first = known[name.value] {
      context.reportDuplicate("There can be only one fragment named '\(name.value)'.", [first.loc, name.loc])
    } else {
      known[name.value] = name
    }
    return .skipChildren
  }
}
