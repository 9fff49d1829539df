import GraphQLSyntax

/// Every fragment is spread by some operation, directly or through fragments (spec
/// §5.5.1.4).
package final class NoUnusedFragmentsRule: ValidationRule {
  private let context: ValidationContext
  private var operations: [OperationDefinition] = []
  private var fragments: [FragmentDefinition] = []
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    operations.append(operation)
    return .skipChildren
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    fragments.append(fragment)
    return .skipChildren
  }

  package func leaveDocument(_ document: Document) {
    // A `@refetchable` fragment is spread by its generated refetch query (Relay's).
    let refetchable = fragments.filter { $0.directives.contains { $0.name.value == "refetchable" } }
    let used = Set(
      context.recursivelyReferencedFragments(of: operations.map(\.selectionSet) + refetchable.map(\.selectionSet))
        .map(\.name.value) + refetchable.map(\.name.value))
    for fragment in fragments where !used.contains(fragment.name.value) {
      context.report("Fragment '\(fragment.name.value)' is never used.", [fragment.loc])
    }
  }
}
