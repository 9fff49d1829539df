import GraphQLSyntax

/// Each variable's type fits every position it is used in (spec §5.8.5).
package final class VariablesInAllowedPositionRule: ValidationRule {
  private let context: ValidationContext
  private var definitions: [String: VariableDefinition] = [:]
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    definitions = [:]
    for definition in operation.variableDefinitions {
      definitions[definition.variable.name.value] = definition
    }
    return .continue
  }

  package func leaveOperation(_ operation: OperationDefinition) {
    let schema = context.schema
    for usage in context.recursiveVariableUsages(operation) {
      let name = usage.variable.name.value
      guard let definition = definitions[name], let locationType = usage.type else { continue }
      let variableType = SDLTypeBuilder.typeReference(definition.type)
      guard schema.type(named: variableType.namedType) != nil else { continue }
      if !isAllowed(variableType, definition.defaultValue, locationType, usage.hasDefaultValue) {
        context.report(
          "Variable '$\(name)' of type '\(variableType)' used in position expecting type '\(locationType)'.",
          [definition.loc, usage.variable.loc])
      }
      if let parent = usage.parentType, case .named(let parentName) = parent,
        let parentType = schema.type(named: parentName), parentType.kind == .inputObject,
        parentType.isOneOf, !variableType.isNonNull
      {
        context.report(
          "Variable '$\(name)' is of type '\(variableType)' but must be non-nullable to be used for OneOf Input Object '\(parent)'.",
          [definition.loc, usage.variable.loc])
      }
    }
  }

  private func isAllowed(
    _ variableType: SchemaTypeReference, _ variableDefault: Value?, _ locationType: SchemaTypeReference,
    _ locationHasDefault: Bool
  ) -> Bool {
    let validator = TypeComparator(schema: context.schema)
    if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
      var hasNonNullDefault = false
      if let variableDefault, case .null = variableDefault {} else if variableDefault != nil {
        hasNonNullDefault = true
      }
      if !hasNonNullDefault && !locationHasDefault { return false }
      return validator.isSubType(variableType, of: nullableLocation)
    }
    return validator.isSubType(variableType, of: locationType)
  }
}
