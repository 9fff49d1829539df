import GraphQLSyntax

/// One validation rule: a visitor over an executable document, told of each node as the
/// shared walk enters and leaves it, with the context's type information current.
///
/// Every hook has a default that does nothing, so a rule implements only what it checks.
/// Rules are classes because they keep state across the walk (names seen so far).
public protocol ValidationRule: AnyObject {
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
  public func enterDocument(_ document: Document) -> VisitAction { .continue }
  public func leaveDocument(_ document: Document) {}
  public func enterOperation(_ operation: OperationDefinition) -> VisitAction { .continue }
  public func leaveOperation(_ operation: OperationDefinition) {}
  public func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction { .continue }
  public func leaveFragmentDefinition(_ fragment: FragmentDefinition) {}
  public func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction { .continue }
  public func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction { .continue }
  public func leaveSelectionSet(_ selectionSet: SelectionSet) {}
  public func enterField(_ field: Field) -> VisitAction { .continue }
  public func leaveField(_ field: Field) {}
  public func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction { .continue }
  public func leaveFragmentSpread(_ spread: FragmentSpread) {}
  public func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction { .continue }
  public func leaveInlineFragment(_ fragment: InlineFragment) {}
  public func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction { .continue }
  public func leaveDirective(_ directive: Directive) {}
  public func enterArgument(_ argument: Argument, field: Field?) -> VisitAction { .continue }
  public func leaveArgument(_ argument: Argument) {}
  public func enterNamedType(_ type: GraphQLSyntax.NamedType) -> VisitAction { .continue }
  public func enterValue(_ value: Value) -> VisitAction { .continue }
  public func leaveValue(_ value: Value) {}
  public func enterObjectField(_ field: ObjectField) -> VisitAction { .continue }
  public func enterVariable(_ variable: Variable) -> VisitAction { .continue }
}
