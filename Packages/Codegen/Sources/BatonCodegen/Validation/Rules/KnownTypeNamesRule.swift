import GraphQLSyntax

/// Every type a document names exists in the schema (spec §5.4.1.2, §5.8.1).
package final class KnownTypeNamesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterNamedType(_ type: GraphQLSyntax.NamedType) -> VisitAction {
    let name = type.name.value
    if context.schema.type(named: name) == nil {
      let suggestions = Suggestions.list(name, context.schema.types.map(\.name))
      context.report("Unknown type '\(name)'." + Suggestions.didYouMean(suggestions), [type.loc])
    }
    return .continue
  }
}
