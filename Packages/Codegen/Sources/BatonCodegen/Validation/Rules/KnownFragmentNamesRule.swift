import GraphQLSyntax

/// Every spread names a fragment the document defines (spec §5.5.2.1).
public final class KnownFragmentNamesRule: ValidationRule {
  private let context: ValidationContext
  public init(context: ValidationContext) { self.context = context }

  public func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
    if context.fragments[spread.name.value] == nil {
      context.report("Unknown fragment '\(spread.name.value)'.", [spread.name.loc])
    }
    return .continue
  }
}
