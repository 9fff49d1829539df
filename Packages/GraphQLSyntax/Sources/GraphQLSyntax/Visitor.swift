/// What a visitor wants after entering a node.
public enum VisitAction: Sendable {
  /// Visit the node's children, then leave it.
  case `continue`
  /// Do not visit the node's children; `leave` is still called for it.
  case skipChildren
  /// End the whole traversal now; no further `enter` or `leave` is called.
  case stop
}

/// Callbacks for a depth-first walk of a document with `visit(_:_:)`.
///
/// Every method has a default that does nothing (and continues), so a visitor
/// implements only the node kinds it cares about. Children are visited in source
/// order, in graphql-js's visitor-key order (for a field: arguments, directives,
/// selection set). `Name` nodes are not visited; read them from their parents.
///
/// `enter(_: Definition)` and `leave(_: Definition)` are called for every top-level
/// definition, around the specific callbacks for operations and fragments; type-system
/// definitions and extensions are reached through them and through the field, input
/// value, enum value, directive, value and type callbacks below.
public protocol ASTVisitor {
  mutating func enter(_ node: Document) -> VisitAction
  mutating func leave(_ node: Document)
  mutating func enter(_ node: Definition) -> VisitAction
  mutating func leave(_ node: Definition)
  mutating func enter(_ node: OperationDefinition) -> VisitAction
  mutating func leave(_ node: OperationDefinition)
  mutating func enter(_ node: FragmentDefinition) -> VisitAction
  mutating func leave(_ node: FragmentDefinition)
  mutating func enter(_ node: VariableDefinition) -> VisitAction
  mutating func leave(_ node: VariableDefinition)
  mutating func enter(_ node: SelectionSet) -> VisitAction
  mutating func leave(_ node: SelectionSet)
  mutating func enter(_ node: Field) -> VisitAction
  mutating func leave(_ node: Field)
  mutating func enter(_ node: FragmentSpread) -> VisitAction
  mutating func leave(_ node: FragmentSpread)
  mutating func enter(_ node: InlineFragment) -> VisitAction
  mutating func leave(_ node: InlineFragment)
  mutating func enter(_ node: Argument) -> VisitAction
  mutating func leave(_ node: Argument)
  mutating func enter(_ node: Directive) -> VisitAction
  mutating func leave(_ node: Directive)
  mutating func enter(_ node: Value) -> VisitAction
  mutating func leave(_ node: Value)
  mutating func enter(_ node: ObjectField) -> VisitAction
  mutating func leave(_ node: ObjectField)
  mutating func enter(_ node: TypeReference) -> VisitAction
  mutating func leave(_ node: TypeReference)
  mutating func enter(_ node: FieldDefinition) -> VisitAction
  mutating func leave(_ node: FieldDefinition)
  mutating func enter(_ node: InputValueDefinition) -> VisitAction
  mutating func leave(_ node: InputValueDefinition)
  mutating func enter(_ node: EnumValueDefinition) -> VisitAction
  mutating func leave(_ node: EnumValueDefinition)
}

extension ASTVisitor {
  public mutating func enter(_ node: Document) -> VisitAction { .continue }
  public mutating func leave(_ node: Document) {}
  public mutating func enter(_ node: Definition) -> VisitAction { .continue }
  public mutating func leave(_ node: Definition) {}
  public mutating func enter(_ node: OperationDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: OperationDefinition) {}
  public mutating func enter(_ node: FragmentDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: FragmentDefinition) {}
  public mutating func enter(_ node: VariableDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: VariableDefinition) {}
  public mutating func enter(_ node: SelectionSet) -> VisitAction { .continue }
  public mutating func leave(_ node: SelectionSet) {}
  public mutating func enter(_ node: Field) -> VisitAction { .continue }
  public mutating func leave(_ node: Field) {}
  public mutating func enter(_ node: FragmentSpread) -> VisitAction { .continue }
  public mutating func leave(_ node: FragmentSpread) {}
  public mutating func enter(_ node: InlineFragment) -> VisitAction { .continue }
  public mutating func leave(_ node: InlineFragment) {}
  public mutating func enter(_ node: Argument) -> VisitAction { .continue }
  public mutating func leave(_ node: Argument) {}
  public mutating func enter(_ node: Directive) -> VisitAction { .continue }
  public mutating func leave(_ node: Directive) {}
  public mutating func enter(_ node: Value) -> VisitAction { .continue }
  public mutating func leave(_ node: Value) {}
  public mutating func enter(_ node: ObjectField) -> VisitAction { .continue }
  public mutating func leave(_ node: ObjectField) {}
  public mutating func enter(_ node: TypeReference) -> VisitAction { .continue }
  public mutating func leave(_ node: TypeReference) {}
  public mutating func enter(_ node: FieldDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: FieldDefinition) {}
  public mutating func enter(_ node: InputValueDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: InputValueDefinition) {}
  public mutating func enter(_ node: EnumValueDefinition) -> VisitAction { .continue }
  public mutating func leave(_ node: EnumValueDefinition) {}
}

/// Walks `document` depth-first, calling `visitor` on the way in and out of each node.
///
/// - Complexity: O(n) in the number of nodes; nothing is allocated besides what the
///   visitor allocates.
public func visit<V: ASTVisitor>(_ document: Document, _ visitor: inout V) {
  _ = ASTWalker.walk(document, &visitor)
}
