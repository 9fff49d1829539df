import GraphQLSyntax

/// Every argument is defined by its field or directive (spec §5.4.1).
package final class KnownArgumentNamesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    let name = directive.name.value
    guard let definition = context.schema.directive(named: name) else { return .skipChildren }
    // Relay's fragment variables name their own arguments; FragmentArgumentsRule checks them.
    if definition.acceptsAnyArguments { return .skipChildren }
    for argument in directive.arguments where definition.argument(named: argument.name.value) == nil {
      let suggestions = Suggestions.list(argument.name.value, definition.arguments.map(\.name))
      context.report(
        "Unknown argument '\(argument.name.value)' on directive '@\(name)'."
          + Suggestions.didYouMean(suggestions),
        [argument.loc])
    }
    return .skipChildren
  }

  package func enterArgument(_ argument: Argument, field: Field?) -> VisitAction {
    let typeInfo = context.typeInfo
    guard typeInfo.argument == nil, let field, let definition = typeInfo.fieldDefinition,
      let parent = typeInfo.parentType
    else { return .continue }
    let suggestions = Suggestions.list(argument.name.value, definition.arguments.map(\.name))
    context.report(
      "Unknown argument '\(argument.name.value)' on field '\(parent.name).\(field.name.value)'."
        + Suggestions.didYouMean(suggestions),
      [argument.loc])
    return .continue
  }
}
