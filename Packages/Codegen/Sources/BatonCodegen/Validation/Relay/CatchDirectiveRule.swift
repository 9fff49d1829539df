import GraphQLSyntax

/// Relay's `@catch`: not together with `@required` on one field (reported at the
/// `@required`, as Relay does), nor with `@throwOnFieldError` on one fragment, where the
/// catch would leave nothing to throw.
/// (Where `@catch` may stand at all, its definition's locations say.)
package final class CatchDirectiveRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    if field.directives.contains(where: { $0.name.value == "catch" }),
      let required = field.directives.first(where: { $0.name.value == "required" })
    {
      context.report("@catch and @required directives cannot be on the same field.", [required.loc])
    }
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    if let catchDirective = fragment.directives.first(where: { $0.name.value == "catch" }),
      fragment.directives.contains(where: { $0.name.value == "throwOnFieldError" })
    {
      context.report("@catch and @throwOnFieldError directives cannot be on the same fragment.", [catchDirective.loc])
    }
    return .continue
  }
}
