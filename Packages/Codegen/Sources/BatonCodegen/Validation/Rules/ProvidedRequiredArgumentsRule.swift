import GraphQLSyntax

/// Every required argument (non-null, no default) of a field or directive is given
/// (spec §5.4.2.1).
package final class ProvidedRequiredArgumentsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  private static func isRequired(_ argument: SchemaInputValue) -> Bool {
    argument.type.isNonNull && argument.defaultValue == nil
  }

  package func leaveField(_ field: Field) {
    guard let definition = context.typeInfo.fieldDefinition, !definition.arguments.isEmpty else { return }
    let given = Set(field.arguments.map(\.name.value))
    for argument in definition.arguments where !given.contains(argument.name) && Self.isRequired(argument) {
      let fieldType = context.typeInfo.type?.namedType
      let owner: String
      if let fieldType, BuiltinDefinitions.introspectionTypeNames.contains(fieldType) {
        owner = "<meta>."
      } else {
        owner = context.typeInfo.parentType.map { "\($0.name)." } ?? ""
      }
      context.report(
        "Argument '\(owner)\(field.name.value)(\(argument.name):)' of type '\(argument.type)' is required, but it was not provided.",
        [field.loc])
    }
  }

  package func leaveDirective(_ directive: Directive) {
    guard let definition = context.schema.directive(named: directive.name.value) else { return }
    let given = Set(directive.arguments.map(\.name.value))
    for argument in definition.arguments where !given.contains(argument.name) && Self.isRequired(argument) {
      context.report(
        "Argument '@\(definition.name)(\(argument.name):)' of type '\(argument.type)' is required, but it was not provided.",
        [directive.loc])
    }
  }
}
