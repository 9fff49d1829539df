import GraphQLSyntax

/// `@stream` is used only on list fields (graphql-js's incremental-delivery rules).
package final class StreamDirectiveOnListFieldRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    guard directive.name.value == "stream", let definition = context.typeInfo.fieldDefinition,
      let parent = context.typeInfo.parentType
    else { return .continue }
    if case .list = definition.type.nullable { return .continue }
    context.report(
      "Stream directive cannot be used on non-list field '\(definition.name)' on type '\(parent.name)'.",
      [directive.loc])
    return .continue
  }
}
