import GraphQLSyntax

/// A named operation ready to emit: its variables, root selections and the text sent.
struct IROperation: Sendable {
  var name: String
  var kind: OperationType
  var variables: [IRVariable]
  var throwOnFieldError: Bool
  /// `@catch` on the operation: its data is a `Result` (or `nil`) when a field error is read.
  var catchTo: IRField.Catch?
  var selectionSet: IRSelectionSet
  /// The operation and every fragment it uses, printed canonically.
  var text: String
}

/// A variable of an operation, with its schema type and default value.
struct IRVariable: Sendable {
  var name: String
  var type: SchemaTypeReference
  var defaultValue: Value?

  var hasDefault: Bool { defaultValue != nil }
}

/// A named fragment, its own type reached through spreads (data masking).
struct IRFragment: Sendable {
  var name: String
  var typeCondition: String
  var throwOnFieldError: Bool
  /// `@catch` on the definition: reading the spread gives a `Result` (or `nil`) on an error.
  var catchTo: IRField.Catch?
  var selectionSet: IRSelectionSet
  /// `@argumentDefinitions`: the fragment's own variables, with their defaults.
  var argumentDefinitions: [FragmentArgumentDefinition] = []
  /// `@refetchable(queryName:)`: the generated query that fetches the fragment again.
  var refetchQueryName: String?
  /// `@updatable`: the fragment also gets an `Updatable` view that writes its fields.
  var isUpdatable = false
}
