import GraphQLSyntax

/// Every spread names a fragment the document defines (spec §5.5.2.1).
package final class KnownFragmentNamesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
    if context.fragments[spread.name.value] == nil {
      context.report("Unknown fragment '\(spread.name.value)'.", [spread.name.loc])
    }
    return .continue
  }
}
