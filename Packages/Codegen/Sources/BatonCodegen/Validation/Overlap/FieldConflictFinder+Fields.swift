import GraphQLSyntax

extension FieldConflictFinder {
  /// Whether two fields of one response name conflict: different fields or arguments
  /// where both could be selected, conflicting types, or conflicts below.
  func findConflict(
    _ parentsExclusive: Bool, _ responseName: String, _ first: FieldDetails, _ second: FieldDetails
  ) throws(BudgetExhausted) -> FieldConflict? {
    let exclusive =
      parentsExclusive
      || (first.parentType?.name != second.parentType?.name && first.parentType?.kind == .object
        && second.parentType?.kind == .object)
    let type1 = first.definition?.type
    let type2 = second.definition?.type
    try spend(2)
    let node1 = first.node
    let node2 = second.node
    if first.isSimpleLeaf, second.isSimpleLeaf, type1 == type2, node1.name.value == node2.name.value {
      return nil
    }
    if !exclusive {
      if node1.name.value != node2.name.value {
        return FieldConflict(
          responseName: responseName,
          reason: "'\(abbreviate(node1.name.value))' and '\(abbreviate(node2.name.value))' are different fields",
          fields1: [node1], fields2: [node2])
      }
      if !(try sameArguments(first, second)) {
        return FieldConflict(
          responseName: responseName, reason: "they have differing arguments", fields1: [node1],
          fields2: [node2])
      }
    }
    let stream1 = node1.directives.contains { $0.name.value == "stream" }
    let stream2 = node2.directives.contains { $0.name.value == "stream" }
    if stream1 || stream2 {
      return FieldConflict(
        responseName: responseName, reason: "they have overlapping stream directives",
        fields1: [node1], fields2: [node2])
    }
    if let type1, let type2, try typesConflict(type1, type2) {
      return FieldConflict(
        responseName: responseName,
        reason: "they return conflicting types '\(type1)' and '\(type2)'", fields1: [node1],
        fields2: [node2])
    }
    if let set1 = node1.selectionSet, let set2 = node2.selectionSet {
      let schema = context.schema
      let conflicts = try conflictsBetweenSubSelections(
        exclusive, type1.flatMap { schema.type(named: $0.namedType) }, set1,
        type2.flatMap { schema.type(named: $0.namedType) }, set2)
      return subfieldConflicts(conflicts, responseName, node1, node2)
    }
    return nil
  }

  private func sameArguments(_ first: FieldDetails, _ second: FieldDetails) throws(BudgetExhausted) -> Bool {
    let nodes1 = first.node.arguments
    let nodes2 = second.node.arguments
    if nodes1.isEmpty { return nodes2.isEmpty }
    if nodes2.isEmpty || nodes1.count != nodes2.count { return false }
    let values1 = first.arguments()
    let values2 = second.arguments()
    for argument in nodes1 {
      try spend(1)
      guard let value2 = values2[argument.name.value], values1[argument.name.value] == value2 else {
        return false
      }
    }
    return true
  }

  private func typesConflict(_ type1: SchemaTypeReference, _ type2: SchemaTypeReference) throws(BudgetExhausted) -> Bool {
    if type1 == type2 { return false }
    try spend(1)
    switch (type1, type2) {
    case (.list(let inner1), .list(let inner2)): return try typesConflict(inner1, inner2)
    case (.list, _), (_, .list): return true
    case (.nonNull(let inner1), .nonNull(let inner2)): return try typesConflict(inner1, inner2)
    case (.nonNull, _), (_, .nonNull): return true
    case (.named(let name1), .named(let name2)):
      let schema = context.schema
      if schema.type(named: name1)?.kind.isLeaf == true || schema.type(named: name2)?.kind.isLeaf == true {
        return name1 != name2
      }
      return false
    }
  }

  private func subfieldConflicts(
    _ conflicts: [FieldConflict], _ responseName: String, _ node1: Field, _ node2: Field
  ) -> FieldConflict? {
    guard !conflicts.isEmpty else { return nil }
    var message = ""
    for conflict in conflicts {
      message += (message.isEmpty ? "" : " and ")
        + "subfields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason)"
      if message.unicodeScalars.count > Self.maxDetailLength { break }
    }
    return FieldConflict(
      responseName: responseName, reason: abbreviate(message),
      fields1: conflictNodes(node1, conflicts.map(\.fields1)),
      fields2: conflictNodes(node2, conflicts.map(\.fields2)))
  }

  private func conflictNodes(_ node: Field, _ groups: [[Field]]) -> [Field] {
    var nodes = [node]
    for fields in groups {
      let remaining = Self.maxConflictNodes - nodes.count
      nodes += fields.suffix(remaining)
      if nodes.count == Self.maxConflictNodes { break }
    }
    return nodes
  }

  static let maxDetailLength = 1000
  static let maxConflictNodes = 20

  func abbreviate(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > Self.maxDetailLength else { return text }
    var prefix = String.UnicodeScalarView()
    prefix.append(contentsOf: scalars.prefix(Self.maxDetailLength))
    return String(prefix) + "..."
  }

  /// The fields and spreads of a selection set for a parent type, collected once.
  func collect(_ parentType: SchemaType?, _ selectionSet: SelectionSet) -> CollectedFields {
    let key = selectionSet.loc.map { "\(parentType?.name ?? ""):\($0.start)" }
    if let key, let cached = collected[key] { return cached }
    var names: [String] = []
    var groups: [String: [FieldDetails]] = [:]
    var spreads: [FragmentSpread] = []
    collectInto(parentType, selectionSet, &names, &groups, &spreads)
    let result = CollectedFields(responseNames: names, groups: groups, spreads: spreads)
    if let key { collected[key] = result }
    return result
  }

  private func collectInto(
    _ parentType: SchemaType?, _ selectionSet: SelectionSet, _ names: inout [String],
    _ groups: inout [String: [FieldDetails]], _ spreads: inout [FragmentSpread]
  ) {
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        let definition =
          parentType?.kind == .object || parentType?.kind == .interface
          ? parentType?.field(named: field.name.value) : nil
        let key = field.responseKey
        if groups[key] == nil { names.append(key) }
        groups[key, default: []].append(
          FieldDetails(parentType: parentType, node: field, definition: definition))
      case .fragmentSpread(let spread):
        spreads.append(spread)
      case .inlineFragment(let fragment):
        let type = fragment.typeCondition.map { context.schema.type(named: $0.name.value) } ?? parentType
        collectInto(type, fragment.selectionSet, &names, &groups, &spreads)
      }
    }
  }

  func collectFragment(_ fragment: FragmentDefinition) -> CollectedFields {
    collect(context.schema.type(named: fragment.typeCondition.name.value), fragment.selectionSet)
  }

  /// The distinct fragments a collection spreads, in order of first spread.
  func distinctSpreads(_ fields: CollectedFields) -> [FragmentDefinition?] {
    if let cached = fields.distinctSpreads { return cached }
    var seen: Set<String> = []
    var seenUnknown = false
    var result: [FragmentDefinition?] = []
    for spread in fields.spreads {
      if let fragment = context.fragments[spread.name.value] {
        if seen.insert(fragment.name.value).inserted { result.append(fragment) }
      } else if !seenUnknown {
        seenUnknown = true
        result.append(nil)
      }
    }
    fields.distinctSpreads = result
    return result
  }
}
