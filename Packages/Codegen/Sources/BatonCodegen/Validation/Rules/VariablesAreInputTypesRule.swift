import GraphQLSyntax

/// Variables have scalar, enum or input object types (spec §5.8.2).
package final class VariablesAreInputTypesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction {
    let reference = SDLTypeBuilder.typeReference(definition.type)
    if let type = context.schema.type(named: reference.namedType), !type.kind.isInput {
      context.report(
        "Variable '$\(definition.variable.name.value)' cannot be non-input type '\(reference)'.",
        [definition.type.loc])
    }
    return .continue
  }
}
