import GraphQLSyntax

/// Finds fields of one response name that could not be merged into one result, as
/// graphql-core 3.3's `OverlappingFieldsCanBeMergedRule` does, with its caches: each
/// selection set is collected once per parent type, each pair of collections, of
/// fragments and of collection and fragment is compared once, and pairs of identical
/// leaf fields are never compared (they cannot conflict).
///
/// Work is bounded by a budget as graphql-core bounds it; running out aborts validation.
///
/// - Complexity: O(distinct field pairs) per selection set, not exponential in nesting.
final class FieldConflictFinder {
  struct BudgetExhausted: Error {}

  let context: ValidationContext
  var budget = 500_000
  var collected: [String: CollectedFields] = [:]
  /// (collection, fragment) pairs: the collection by identity, the fragment by name.
  private var fieldsAndFragmentPairs = PairSet<String>(ordered: true)
  private var fragmentPairs = PairSet<String>(ordered: false)

  init(context: ValidationContext) {
    self.context = context
  }

  func spend(_ cost: Int) throws(BudgetExhausted) {
    budget -= cost
    if budget < 0 { throw BudgetExhausted() }
  }

  /// Conflicts among the fields of one selection set, directly and through fragments.
  func conflictsWithin(_ selectionSet: SelectionSet, parentType: SchemaType?) throws(BudgetExhausted) -> [FieldConflict] {
    var conflicts: [FieldConflict] = []
    let fields = collect(parentType, selectionSet)
    for name in fields.responseNames {
      guard let group = fields.groups[name], group.count > 1 else { continue }
      let classes = leafClasses(group)
      if let only = classes.first, only >= 0, classes.allSatisfy({ $0 == only }) { continue }
      for first in group.indices {
        for second in (first + 1)..<group.count where classes[first] < 0 || classes[first] != classes[second] {
          if let conflict = try findConflict(false, name, group[first], group[second]) {
            conflicts.append(conflict)
          }
        }
      }
    }
    if !fields.spreads.isEmpty && (!fields.responseNames.isEmpty || fields.spreads.count > 1) {
      let spreads = distinctSpreads(fields)
      for (index, spread) in spreads.enumerated() {
        try conflictsBetween(fields, andFragment: spread, false, &conflicts)
        for other in spreads[(index + 1)...] {
          try conflictsBetween(fragment: spread, andFragment: other, false, &conflicts)
        }
      }
    }
    return conflicts
  }

  /// A class number per field: equal for fields with the same leaf signature, -1 for
  /// fields that have none, so that pairs within a class are skipped in O(1).
  private func leafClasses(_ group: [FieldDetails]) -> [Int] {
    var numbers: [String: Int] = [:]
    return group.map { field in
      guard let signature = field.leafSignature else { return -1 }
      if let number = numbers[signature] { return number }
      numbers[signature] = numbers.count
      return numbers.count - 1
    }
  }

  /// Two fields that are the same leaf (name, arguments, type, no selection set) cannot
  /// conflict; graphql-core compares them anyway, at a cost in budget only.
  private func areIdenticalLeaves(_ a: FieldDetails, _ b: FieldDetails) -> Bool {
    guard let signature = a.leafSignature else { return false }
    return signature == b.leafSignature
  }

  /// The spreads are followed from a stack, in the order a recursion would visit them,
  /// so that a long chain of fragments does not deepen the call stack.
  private func conflictsBetween(
    _ fields: CollectedFields, andFragment fragment: FragmentDefinition?, _ exclusive: Bool,
    _ conflicts: inout [FieldConflict]
  ) throws(BudgetExhausted) {
    var pending: [FragmentDefinition?] = [fragment]
    while let next = pending.popLast() {
      try spend(1)
      if fields.responseNames.isEmpty { return }
      let fieldsKey = String(describing: ObjectIdentifier(fields))
      let fragmentKey = next?.name.value ?? ""
      if fieldsAndFragmentPairs.contains(fieldsKey, fragmentKey, mutuallyExclusive: exclusive) { continue }
      fieldsAndFragmentPairs.insert(fieldsKey, fragmentKey, mutuallyExclusive: exclusive)
      guard let next else { continue }
      let fragmentFields = collectFragment(next)
      let referenced = distinctSpreads(fragmentFields)
      if fields === fragmentFields { continue }
      try conflictsBetween(exclusive, fields, fragmentFields, &conflicts)
      pending.append(contentsOf: referenced.reversed())
    }
  }

  /// The pairs of fragments are followed from a stack, in the order a recursion would
  /// visit them, so that a long chain of fragments does not deepen the call stack.
  private func conflictsBetween(
    fragment first: FragmentDefinition?, andFragment second: FragmentDefinition?, _ exclusive: Bool,
    _ conflicts: inout [FieldConflict]
  ) throws(BudgetExhausted) {
    var pending: [(FragmentDefinition?, FragmentDefinition?)] = [(first, second)]
    while case let (first, second)? = pending.popLast() {
      try spend(2)
      let name1 = first?.name.value
      let name2 = second?.name.value
      if name1 == name2 { continue }
      let key1 = name1 ?? ""
      let key2 = name2 ?? ""
      if fragmentPairs.contains(key1, key2, mutuallyExclusive: exclusive) { continue }
      fragmentPairs.insert(key1, key2, mutuallyExclusive: exclusive)
      guard let first, let second else { continue }
      let fields1 = collectFragment(first)
      let referenced1 = distinctSpreads(fields1)
      let fields2 = collectFragment(second)
      let referenced2 = distinctSpreads(fields2)
      try conflictsBetween(exclusive, fields1, fields2, &conflicts)
      let next: [(FragmentDefinition?, FragmentDefinition?)] =
        referenced2.map { spread in (first, spread) } + referenced1.map { spread in (spread, second) }
      pending.append(contentsOf: next.reversed())
    }
  }

  /// Conflicts between the sub-selections of two fields of one response name.
  func conflictsBetweenSubSelections(
    _ exclusive: Bool, _ type1: SchemaType?, _ set1: SelectionSet, _ type2: SchemaType?,
    _ set2: SelectionSet
  ) throws(BudgetExhausted) -> [FieldConflict] {
    var conflicts: [FieldConflict] = []
    let fields1 = collect(type1, set1)
    let spreads1 = distinctSpreads(fields1)
    let fields2 = collect(type2, set2)
    let spreads2 = distinctSpreads(fields2)
    try conflictsBetween(exclusive, fields1, fields2, &conflicts)
    for spread in spreads2 { try conflictsBetween(fields1, andFragment: spread, exclusive, &conflicts) }
    for spread in spreads1 { try conflictsBetween(fields2, andFragment: spread, exclusive, &conflicts) }
    for spread1 in spreads1 {
      for spread2 in spreads2 {
        try conflictsBetween(fragment: spread1, andFragment: spread2, exclusive, &conflicts)
      }
    }
    return conflicts
  }

  private func conflictsBetween(
    _ exclusive: Bool, _ fields1: CollectedFields, _ fields2: CollectedFields,
    _ conflicts: inout [FieldConflict]
  ) throws(BudgetExhausted) {
    if fields1.responseNames.isEmpty || fields2.responseNames.isEmpty { return }
    for (name, group1, group2) in try overlapping(fields1, fields2) {
      for first in group1 {
        for second in group2 where !areIdenticalLeaves(first, second) {
          if let conflict = try findConflict(exclusive, name, first, second) { conflicts.append(conflict) }
        }
      }
    }
  }

  private func overlapping(
    _ fields1: CollectedFields, _ fields2: CollectedFields
  ) throws(BudgetExhausted) -> [(String, [FieldDetails], [FieldDetails])] {
    if let cached = fields1.overlaps[ObjectIdentifier(fields2)] { return cached }
    var result: [(String, [FieldDetails], [FieldDetails])] = []
    for name in fields1.responseNames {
      try spend(1)
      if let group2 = fields2.groups[name], !group2.isEmpty, let group1 = fields1.groups[name] {
        result.append((name, group1, group2))
      }
    }
    fields1.overlaps[ObjectIdentifier(fields2)] = result
    return result
  }
}
