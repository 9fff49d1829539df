import GraphQLSyntax

/// Fragments condition on object, interface or union types (spec §5.5.1.3).
package final class FragmentsOnCompositeTypesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    if let condition = fragment.typeCondition, let type = context.schema.type(named: condition.name.value),
      !type.kind.isComposite
    {
      context.report(
        "Fragment cannot condition on non composite type '\(condition.name.value)'.", [condition.loc])
    }
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    let condition = fragment.typeCondition
    if let type = context.schema.type(named: condition.name.value), !type.kind.isComposite {
      context.report(
        "Fragment '\(fragment.name.value)' cannot condition on non composite type '\(condition.name.value)'.",
        [condition.loc])
    }
    return .continue
  }
}
