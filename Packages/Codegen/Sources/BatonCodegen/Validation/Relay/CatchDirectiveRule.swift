import GraphQLSyntax

/// Relay's `@catch`: not together with `@required` on one field (reported at the
/// `@required`, as Relay does), nor with `@throwOnFieldError` on one fragment or operation,
/// where the catch would leave nothing to throw; on an inline fragment only with `@alias`,
/// which names the value the catch gives (reported at the fragment, as Relay does).
/// (Where else `@catch` may stand, its definition's locations say.)
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

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    reportCatchBesideThrow(operation.directives, on: "operation")
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    reportCatchBesideThrow(fragment.directives, on: "fragment")
    return .continue
  }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    guard let catchDirective = fragment.directives.first(where: { $0.name.value == "catch" }) else { return .continue }
    if fragment.relayAlias == nil {
      context.report("Unexpected @catch on unaliased inline fragment.", [fragment.loc])
    } else {
      // Baton reads an aliased inline fragment's fields as its parent's, so there is no
      // value of its own for the catch to give: an error, never a directive ignored.
      context.report(
        "@catch on an aliased inline fragment is not supported; put @catch on its fields or on a fragment it spreads.",
        [catchDirective.loc])
    }
    return .continue
  }

  private func reportCatchBesideThrow(_ directives: [Directive], on definition: String) {
    if let catchDirective = directives.first(where: { $0.name.value == "catch" }),
      directives.contains(where: { $0.name.value == "throwOnFieldError" })
    {
      context.report(
        "@catch and @throwOnFieldError directives cannot be on the same \(definition).", [catchDirective.loc])
    }
  }
}
