import GraphQLSyntax

/// A fragment is spread only where its type and the parent type can overlap (spec
/// §5.5.2.3).
package final class PossibleFragmentSpreadsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    let schema = context.schema
    guard let fragmentType = context.typeInfo.type.flatMap({ schema.type(named: $0.namedType) }),
      fragmentType.kind.isComposite, let parent = context.typeInfo.parentType
    else { return .continue }
    if !schema.typesOverlap(fragmentType.name, parent.name) {
      context.report(
        "Fragment cannot be spread here as objects of type '\(parent.name)' can never be of type '\(fragmentType.name)'.",
        [fragment.loc])
    }
    return .continue
  }

  package func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
    let schema = context.schema
    guard let fragment = context.fragments[spread.name.value],
      let fragmentType = schema.type(named: fragment.typeCondition.name.value),
      fragmentType.kind.isComposite, let parent = context.typeInfo.parentType
    else { return .continue }
    if !schema.typesOverlap(fragmentType.name, parent.name) {
      context.report(
        "Fragment '\(spread.name.value)' cannot be spread here as objects of type '\(parent.name)' can never be of type '\(fragmentType.name)'.",
        [spread.loc])
    }
    return .continue
  }
}
