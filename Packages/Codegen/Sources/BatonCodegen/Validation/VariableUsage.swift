import GraphQLSyntax

/// A variable used in a value, with the type expected where it is used.
package struct VariableUsage {
  package var variable: Variable
  /// The input type at the use, nil where the schema does not say.
  package var type: SchemaTypeReference?
  /// The type of the value enclosing the use (an input object for a field's value).
  package var parentType: SchemaTypeReference?
  /// Whether the argument or input field it is given to has a default value.
  package var hasDefaultValue: Bool
}
