import GraphQLSyntax

/// Every fragment is spread by some operation, directly or through fragments (spec
/// §5.5.1.4).
public final class NoUnusedFragmentsRule: ValidationRule {
  private let context: ValidationContext
  private var operations: [OperationDefinition] = []
  private var fragments: [FragmentDefinition] = []
  public init(context: ValidationContext) { self.context = context }

  public func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    operations.append(operation)
    return .skipChildren
  }

  public func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    fragments.append(fragment)
    return .skipChildren
  }

  public func leaveDocument(_ document: Document) {
    let used = Set(
      context.recursivelyReferencedFragments(of: operations.map(\.selectionSet)).map(\.name.value))
    for fragment in fragments where !used.contains(fragment.name.value) {
      context.report("Fragment '\(fragment.name.value)' is never used.", [fragment.loc])
    }
  }
}
