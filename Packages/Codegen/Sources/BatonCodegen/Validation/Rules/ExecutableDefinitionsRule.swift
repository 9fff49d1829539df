import GraphQLSyntax

/// A document to execute holds only operations and fragments (spec §5.1.1).
package final class ExecutableDefinitionsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterDocument(_ document: Document) -> VisitAction {
    for definition in document.definitions where !definition.isExecutable {
      let name: String
      switch definition {
      case .schema, .schemaExtension: name = "schema"
      case .directive(let directive): name = "'\(directive.name.value)'"
      case .directiveExtension(let directive): name = "'\(directive.name.value)'"
      default: name = "'\(definition.typeName?.value ?? "")'"
      }
      context.report("The \(name) definition is not executable.", [definition.loc])
    }
    return .skipChildren
  }
}
