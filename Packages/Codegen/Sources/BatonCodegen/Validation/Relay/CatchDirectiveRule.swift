import GraphQLSyntax

/// Relay's `@catch`: not together with `@required` on one field (reported at the
/// `@required`, as Relay does), and on an inline fragment only when it is aliased
/// (`@alias`), so its result has a name (reported at the fragment's `...`).
public final class CatchDirectiveRule: ValidationRule {
  private let context: ValidationContext
  public init(context: ValidationContext) { self.context = context }

  public func enterField(_ field: Field) -> VisitAction {
    if field.directives.contains(where: { $0.name.value == "catch" }),
      let required = field.directives.first(where: { $0.name.value == "required" })
    {
      context.report("@catch and @required directives cannot be on the same field.", [required.loc])
    }
    return .proceed
  }

  public func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    if fragment.directives.contains(where: { $0.name.value == "catch" }), fragment.relayAlias == nil {
      context.report("Unexpected `@catch` on unaliased inline fragment.", [fragment.loc])
    }
    return .proceed
  }
}
