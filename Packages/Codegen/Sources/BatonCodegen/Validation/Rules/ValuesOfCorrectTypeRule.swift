import GraphQLSyntax

/// Every literal value can be coerced to the type expected where it is written (spec
/// §5.6.1), checked from each outermost literal down, as graphql-core's
/// `validate_input_literal` does without variable values.
package final class ValuesOfCorrectTypeRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterValue(_ value: Value) -> VisitAction {
    let type: SchemaTypeReference?
    if case .list = value {
      type = context.typeInfo.parentInputType
    } else {
      type = context.typeInfo.inputType
    }
    if let type { LiteralValidator(schema: context.schema, report: context.report).validate(value, type) }
    return .skipChildren
  }
}
