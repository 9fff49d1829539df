import GraphQLSyntax

/// Removes what only the client understands from the text sent, as Relay prints its
/// requests: the directives `@required`, `@catch`, `@alias` and `@throwOnFieldError` (their meaning
/// is in the generated types and metadata) and the compiler's marks on the fields it added and the `@defer` labels it wrote,
/// and the fields of client schema extensions
/// (kept in the store, unknown to the server). A selection set left empty keeps
/// `__typename`, which every composite type has, so the text stays valid.
struct ClientOnlyStripper {
  static let clientDirectives: Set<String> = [
    "required", "catch", "alias", "throwOnFieldError", "connection",
    "appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord", StoreFieldInserter.maskedDirective,
    DeferLabeler.generatedDirective,
    FragmentArgumentDefinition.definitionsDirective, FragmentArgumentDefinition.argumentsDirective, "refetchable",
    "updatable",
  ]

  let schema: Schema

  /// An operation and its fragments as sent: each stripped, and the operation's variables
  /// that only client fields used left out, since a server rejects an unused variable (the
  /// request may still carry their values; servers ignore variables nothing declares).
  func strip(_ definitions: [Definition]) -> [Definition] {
    let stripped = definitions.map(strip)
    var used = UsedVariables()
    visit(Document(definitions: stripped), &used)
    return stripped.map { definition in
      guard case .operation(var operation) = definition else { return definition }
      operation.variableDefinitions.removeAll { !used.names.contains($0.variable.name.value) }
      return .operation(operation)
    }
  }

  func strip(_ definition: Definition) -> Definition {
    switch definition {
    case .operation(var node):
      node.directives = Self.kept(node.directives)
      let root: String? = switch node.operation {
      case .query: schema.queryTypeName
      case .mutation: schema.mutationTypeName
      case .subscription: schema.subscriptionTypeName
      }
      node.selectionSet = strip(node.selectionSet, on: root)
      return .operation(node)
    case .fragment(var node):
      node.directives = Self.kept(node.directives)
      node.selectionSet = strip(node.selectionSet, on: node.typeCondition.name.value)
      return .fragment(node)
    default:
      return definition
    }
  }

  private func strip(_ set: SelectionSet, on typeName: String?) -> SelectionSet {
    let parent = typeName.flatMap(schema.type(named:))
    var copy = set
    copy.selections = SelectionList(set.selections.compactMap { selection -> Selection? in
      switch selection {
      case .field(var field):
        let definition = parent.flatMap { schema.field(named: field.name.value, on: $0) }
        if definition?.isClientExtension == true { return nil }
        field.directives = Self.kept(field.directives)
        field.selectionSet = field.selectionSet.map { strip($0, on: definition?.type.namedType) }
        return .field(field)
      case .inlineFragment(var fragment):
        fragment.directives = Self.kept(fragment.directives)
        fragment.selectionSet = strip(fragment.selectionSet, on: fragment.typeCondition?.name.value ?? typeName)
        return .inlineFragment(fragment)
      case .fragmentSpread:
        return selection
      }
    })
    if copy.selections.isEmpty && !set.selections.isEmpty {
      copy.selections = [.field(Field(name: Name("__typename")))]
    }
    return copy
  }

  private static func kept(_ directives: [Directive]) -> [Directive] {
    directives.filter { !clientDirectives.contains($0.name.value) }
  }
}

/// The names of the variables a document uses, outside their definitions.
private struct UsedVariables: ASTVisitor {
  var names: Set<String> = []

  mutating func enter(_ node: VariableDefinition) -> VisitAction { .skipChildren }

  mutating func enter(_ node: Value) -> VisitAction {
    if case .variable(let variable) = node { names.insert(variable.name.value) }
    return .continue
  }
}
