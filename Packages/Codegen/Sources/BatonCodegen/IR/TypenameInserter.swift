import GraphQLSyntax

/// Adds `__typename` to every selection set on a composite type below the operation root,
/// as Relay does: the normalizer needs it to name records and match type conditions, and
/// the text sent must select what the metadata reads.
struct TypenameInserter {
  let schema: Schema

  func operation(_ node: OperationDefinition) -> OperationDefinition {
    var copy = node
    let root: String? = switch node.operation {
    case .query: schema.queryTypeName
    case .mutation: schema.mutationTypeName
    case .subscription: schema.subscriptionTypeName
    }
    copy.selectionSet.selections = SelectionList(node.selectionSet.selections.map { children($0, parent: root) })
    return copy
  }

  func fragment(_ node: FragmentDefinition) -> FragmentDefinition {
    var copy = node
    copy.selectionSet = selectionSet(node.selectionSet, on: node.typeCondition.name.value)
    return copy
  }

  private func selectionSet(_ node: SelectionSet, on typeName: String) -> SelectionSet {
    var copy = node
    var selections = node.selections.map { children($0, parent: typeName) }
    let hasTypename = selections.contains {
      if case .field(let field) = $0 { return field.alias == nil && field.name.value == "__typename" && field.directives.isEmpty }
      return false
    }
    if !hasTypename {
      selections.insert(.field(Field(alias: nil, name: Name("__typename"), arguments: [], directives: [], selectionSet: nil)), at: 0)
    }
    copy.selections = SelectionList(selections)
    return copy
  }

  private func children(_ selection: Selection, parent: String?) -> Selection {
    switch selection {
    case .field(var field):
      guard let subselections = field.selectionSet, let parent, let parentType = schema.type(named: parent),
        let definition = schema.field(named: field.name.value, on: parentType)
      else { return selection }
      field.selectionSet = selectionSet(subselections, on: definition.type.namedType)
      return .field(field)
    case .inlineFragment(var fragment):
      let typeName = fragment.typeCondition?.name.value ?? parent
      fragment.selectionSet.selections = SelectionList(
        fragment.selectionSet.selections.map { children($0, parent: typeName) })
      return .inlineFragment(fragment)
    case .fragmentSpread:
      return selection
    }
  }
}
