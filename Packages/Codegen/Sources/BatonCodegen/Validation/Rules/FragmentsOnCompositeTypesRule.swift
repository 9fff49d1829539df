import GraphQLSyntax

/// Fragments condition on object, interface or union types (spec §5.5.1.3).
public final class FragmentsOnCompositeTypesRule: ValidationRule {
  private let context: ValidationContext
  public init(context: ValidationContext) { self.context = context }

  public func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    if let condition = fragment.typeCondition, let type = context.schema.type(named: condition.name.value),
      !type.kind.isComposite
    {
      context.report(
        "Fragment cannot condition on non composite type '\(condition.name.value)'.", [condition.loc])
    }
    return .continue
  }

  public func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    let condition = fragment.typeCondition
    if let type = context.schema.type(named: condition.name.value), !type.kind.isComposite {
      context.report(
        "Fragment '\(fragment.name.value)' cannot condition on non composite type '\(condition.name.value)'.",
        [condition.loc])
    }
    return .continue
  }
}
