import GraphQLSyntax

extension StoreFieldInserter {
  /// The fields merging a `@connection`'s pages needs, added as Relay's connection
  /// transform adds them: `node` on every `edges` selection (its keys name the edge's
  /// node, which deduplicates edges) and `pageInfo` with its four cursor fields. Edges'
  /// own cursors are not added: pages continue from `pageInfo`, and an edge a mutation
  /// inserts may have none. Added fields are masked: the data types show only what the
  /// document selected.
  func connectionSelections(_ node: SelectionSet) -> SelectionSet {
    var copy = node
    var hasPageInfo = false
    var selections = node.selections.map { selection -> Selection in
      guard case .field(var field) = selection, field.alias == nil, var children = field.selectionSet else {
        return selection
      }
      var added: [Selection] = []
      switch field.name.value {
      case "edges":
        if Self.lacksField("node", children.selections.array) {
          added.append(Self.maskedField("node", selections: [Self.maskedField("__typename")]))
        }
      case "pageInfo":
        hasPageInfo = true
        added = ConnectionDirectiveRule.pageInfoFields.filter { Self.lacksField($0, children.selections.array) }
          .map { Self.maskedField($0) }
      default:
        return selection
      }
      children.selections = SelectionList(children.selections.array + added)
      field.selectionSet = children
      return .field(field)
    }
    if !hasPageInfo {
      selections.append(Self.maskedField("pageInfo", selections: ConnectionDirectiveRule.pageInfoFields.map { Self.maskedField($0) }))
    }
    copy.selections = SelectionList(selections)
    return copy
  }

  /// An `@appendEdge`/`@prependEdge` field's selections with `cursor` added (masked):
  /// the edge it inserts then has what a connection's reads of `cursor` find.
  func edgeSelections(_ node: SelectionSet) -> SelectionSet {
    guard Self.lacksField("cursor", node.selections.array) else { return node }
    var copy = node
    copy.selections = SelectionList(node.selections.array + [Self.maskedField("cursor")])
    return copy
  }

  private static func lacksField(_ name: String, _ selections: [Selection]) -> Bool {
    !selections.contains { selection in
      if case .field(let field) = selection { return field.responseKey == name }
      return false
    }
  }

  private static func maskedField(_ name: String, selections: [Selection]? = nil) -> Selection {
    .field(Field(
      name: Name(name), directives: [Directive(name: Name(maskedDirective))],
      selectionSet: selections.map { SelectionSet(selections: SelectionList($0)) }))
  }
}
