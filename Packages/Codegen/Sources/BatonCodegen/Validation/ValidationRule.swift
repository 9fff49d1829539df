import GraphQLSyntax

/// One validation rule: a visitor over an executable document, told of each node as the
/// shared walk enters and leaves it, with the context's type information current.
///
/// Every hook has a default that does nothing, so a rule implements only what it checks.
/// Rules are classes because they keep state across the walk (names seen so far).
package protocol ValidationRule: AnyObject {
  init(context: ValidationContext)

  func enterDocument(_ document: Document) -> VisitAction
  func leaveDocument(_ document: Document)
  func enterOperation(_ operation: OperationDefinition) -> VisitAction
  func leaveOperation(_ operation: OperationDefinition)
  func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction
  func leaveFragmentDefinition(_ fragment: FragmentDefinition)
  func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction
  func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction
  func leaveSelectionSet(_ selectionSet: SelectionSet)
  func enterField(_ field: Field) -> VisitAction
  func leaveField(_ field: Field)
  func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction
  func leaveFragmentSpread(_ spread: FragmentSpread)
  func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction
  func leaveInlineFragment(_ fragment: InlineFragment)
  /// `location` is where the directive is applied.
  func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction
  func leaveDirective(_ directive: Directive)
  /// `field` is the field the argument belongs to, nil for a directive's argument.
  func enterArgument(_ argument: Argument, field: Field?) -> VisitAction
  func leaveArgument(_ argument: Argument)
  func enterNamedType(_ type: GraphQLSyntax.NamedType) -> VisitAction
  /// Any value node other than a variable; `value` is the node itself.
  func enterValue(_ value: Value) -> VisitAction
  func leaveValue(_ value: Value)
  func enterObjectField(_ field: ObjectField) -> VisitAction
  func enterVariable(_ variable: Variable) -> VisitAction
}

extension ValidationRule {
  package func enterDocument(_ document: Document) -> VisitAction { .continue }
  package func leaveDocument(_ document: Document) {}
  package func enterOperation(_ operation: OperationDefinition) -> VisitAction { .continue }
  package func leaveOperation(_ operation: OperationDefinition) {}
  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction { .continue }
  package func leaveFragmentDefinition(_ fragment: FragmentDefinition) {}
  package func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction { .continue }
  package func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction { .continue }
  package func leaveSelectionSet(_ selectionSet: SelectionSet) {}
  package func enterField(_ field: Field) -> VisitAction { .continue }
  package func leaveField(_ field: Field) {}
  package func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction { .continue }
  package func leaveFragmentSpread(_ spread: FragmentSpread) {}
  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction { .continue }
  package func leaveInlineFragment(_ fragment: InlineFragment) {}
  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction { .continue }
  package func leaveDirective(_ directive: Directive) {}
  package func enterArgument(_ argument: Argument, field: Field?) -> VisitAction { .continue }
  package func leaveArgument(_ argument: Argument) {}
  package func enterNamedType(_ type: GraphQLSyntax.NamedType) -> VisitAction { .continue }
  package func enterValue(_ value: Value) -> VisitAction { .continue }
  package func leaveValue(_ value: Value) {}
  package func enterObjectField(_ field: ObjectField) -> VisitAction { .continue }
  package func enterVariable(_ variable: Variable) -> VisitAction { .continue }
}
