import GraphQLSyntax

/// Adds the fields the store needs to every selection set below the operation root, as
/// Relay's compiler adds `__typename` and `id`: `__typename` names records and matches
/// type conditions, and the key fields name an object by its key rather than by
/// its path, whatever the document selected. The text sent selects what the metadata reads.
///
/// A key field is added where the type declares it, else (a union, an interface without
/// it) in a type case per possible type that has keys; never at a fragment's root, whose
/// record the spread's parent names. An added key carries `maskedDirective`: the IR leaves
/// it out of the data types (data masking: the document did not ask for it) and the text
/// sent leaves the directive out.
struct StoreFieldInserter {
  /// Marks a field the compiler added; a name no document can use (`__` is reserved).
  static let maskedDirective = "__batonAdded"

  let schema: Schema
  /// Key fields per object type, as `KeyFieldPolicy` decided them.
  let keyFields: [String: [String]]

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
    copy.selectionSet = selectionSet(node.selectionSet, on: node.typeCondition.name.value, keyed: false)
    return copy
  }

  private func selectionSet(_ node: SelectionSet, on typeName: String, keyed: Bool) -> SelectionSet {
    var copy = node
    var selections = node.selections.map { children($0, parent: typeName) }
    if keyed {
      let keys = addedKeys(selections, on: typeName)
      selections = keys.fields + selections + keys.typeCases
    }
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
      var children = subselections
      if field.directives.contains(where: { $0.name.value == "connection" }) { children = connectionSelections(children) }
      if field.directives.contains(where: { ListEditDirectiveRule.edgeDirectives.contains($0.name.value) }) {
        children = edgeSelections(children)
      }
      field.selectionSet = selectionSet(children, on: definition.type.namedType, keyed: true)
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

  /// The key fields of `typeName`'s possible types that `selections` lack: fields where
  /// the type declares every key of a possible type, else type cases.
  private func addedKeys(_ selections: [Selection], on typeName: String) -> (fields: [Selection], typeCases: [Selection]) {
    guard let type = schema.type(named: typeName) else { return ([], []) }
    var fields: [String] = []
    var typeCases: [Selection] = []
    for possible in schema.possibleTypes(of: typeName).sorted() {
      guard let keys = keyFields[possible], !keys.isEmpty else { continue }
      if keys.allSatisfy({ isLeafField($0, on: type) }) {
        fields += keys.filter { !fields.contains($0) && Self.lacks($0, selections) }
        continue
      }
      guard let possibleType = schema.type(named: possible), keys.allSatisfy({ isLeafField($0, on: possibleType) }) else {
        continue
      }
      let inCase = selections.flatMap { selection -> [Selection] in
        guard case .inlineFragment(let fragment) = selection, fragment.typeCondition?.name.value == possible else { return [] }
        return fragment.selectionSet.selections.array
      }
      let missing = keys.filter { Self.lacks($0, selections) && Self.lacks($0, inCase) }
      if !missing.isEmpty {
        typeCases.append(.inlineFragment(InlineFragment(
          typeCondition: GraphQLSyntax.NamedType(name: Name(possible)),
          selectionSet: SelectionSet(selections: SelectionList(missing.map(Self.added))))))
      }
    }
    return (fields.map(Self.added), typeCases)
  }

  /// A key selectable without arguments or a selection set.
  private func isLeafField(_ name: String, on type: SchemaType) -> Bool {
    guard let definition = schema.field(named: name, on: type) else { return false }
    let kind = schema.type(named: definition.type.namedType)?.kind ?? .scalar
    return !kind.isComposite && !definition.arguments.contains { $0.type.isNonNull && $0.defaultValue == nil }
  }

  /// Whether `key` must be added: nothing selects it unconditionally under its own response
  /// key. Another field under that response key (an alias) cannot be merged with it, so
  /// the key is not added then.
  private static func lacks(_ key: String, _ selections: [Selection]) -> Bool {
    for case .field(let field) in selections where field.responseKey == key {
      guard field.name.value == key, field.arguments.isEmpty else { return false }
      let conditional = field.directives.contains { $0.name.value == "include" || $0.name.value == "skip" }
      if !conditional { return false }
    }
    return true
  }

  private static func added(_ key: String) -> Selection {
    .field(Field(name: Name(key), directives: [Directive(name: Name(maskedDirective))]))
  }
}
