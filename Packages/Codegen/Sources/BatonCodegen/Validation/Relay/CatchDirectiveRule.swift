import GraphQLSyntax

/// Relay's `@catch`: not together with `@required` on one field (reported at the
/// `@required`, as Relay does), nor with `@throwOnFieldError` on one fragment or operation,
/// where the catch would leave nothing to throw; on an inline fragment only with `@alias`,
/// which names the value the catch gives (reported at the fragment, as Relay does); the
/// fragment then reads as an object of its own (`IRBuilder`).
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
    if fragment.directives.contains(where: { $0.name.value == "catch" }) && fragment.relayAlias == nil {
      context.report("Unexpected @catch on unaliased inline fragment.", [fragment.loc])
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
