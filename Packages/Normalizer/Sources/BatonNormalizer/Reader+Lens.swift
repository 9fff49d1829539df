extension Reader {
  /// The read of `selections` at `id` as a lens (`RecordLens`), when a walk that builds
  /// nothing finds every field plain: present, without errors, of its type, and null only
  /// where the schema allows. Such a read has no event, no failure and no null to
  /// propagate, so the lens's slots are exactly what the eager read would fill; it sees the
  /// same records. `nil` when anything needs deciding (a missing or failed field, a
  /// `@catch` or `@required`, a pending increment, a cache redirect, a list whose items the
  /// read cache keeps): the caller then reads eagerly, from scratch.
  ///
  /// - Complexity: O(fields read), with no allocation per object.
  ///
  /// `shared`: the context of an earlier lens read of the same selections with the same
  /// owner, variables and `onError`, which this one's lenses share.
  ///
  /// `weighingSource`: a lens only when the read reaches at least an eighth of the source's
  /// records. A lens holds the source it reads, so the store's next write copies its table
  /// (about 53 bytes a record) and the version held stays; the tree costs about 340 bytes
  /// for each record read. Below an eighth (a detail screen in a large store, a thousand
  /// handles of a record each) the tree costs less, and is quicker to read than a walk and
  /// then lookups. A caller weighing the source asks `mayReachAnEighth(of:)` first, so that
  /// selections that cannot reach an eighth are not walked at all.
  mutating func lensRead(
    _ id: RecordID, _ selections: SelectionSteps, sharing shared: LensContext? = nil, weighingSource: Bool = false
  ) -> ReadResult? {
    guard let record = source[id] else { return nil }
    seen.append(id)
    guard walkPlain(selections, record) else { return nil }
    let seenRecords = takeSeenRecords()
    if weighingSource && seenRecords.count * 8 < source.count { return nil }
    let context =
      shared
      ?? LensContext(
        selections: selections, source: source, variables: variables, owner: owner, onError: onError, scopes: scopes)
    return ReadResult(
      data: DataObject(lens: RecordLens(record, selections, context)), seenRecords: seenRecords, events: [],
      failure: nil, spreads: spreads)
  }

  /// Whether every selection reads plainly at `record` (see `lensRead`).
  mutating func walkPlain(_ selections: SelectionSteps, _ record: StoreRecord) -> Bool {
    for step in selections.steps {
      let plain =
        switch step {
        case .field(let unretained): unretained.withBorrowed { walkField($0, record) }
        case .inlineFragment(let unretained): unretained.withBorrowed { walkInlineFragment($0, record) }
        case .fragmentSpread(let unretained): unretained.withBorrowed { walkSpread($0, record) }
        }
      guard plain else { return false }
    }
    return true
  }

  private mutating func walkField(_ field: FieldSelection, _ record: StoreRecord) -> Bool {
    if !field.conditions.pass(variables) { return true }
    if field.isTypename { return record.typename != nil }
    guard field.catchTo == nil, field.required == nil else { return false }
    if let stream = field.stream, pendingState(stream, record) != nil { return false }
    let storageKey = field.readStorageKey(variables)
    guard let index = record.fields.index(forKey: storageKey) else { return false }
    let stored = record.fields.entries[index].value
    guard !stored.hasErrors else { return false }
    return walkValue(stored.value, level: 0, field, record: record.id, storageKey: storageKey)
  }

  private mutating func walkValue(
    _ value: RecordValue, level: Int, _ field: FieldSelection, record: RecordID, storageKey: String
  ) -> Bool {
    let type = field.type
    switch value {
    case .list(let items) where level < type.listDepth:
      // A list the read cache may keep, as the eager read would ask it: kept, the eager read
      // reuses its items; not yet, it is noted for the next read, which will read it keeping
      // them, and the lists inside its items with them (see `canReuseItems`).
      let outerItem = walkingCachedItems
      if cache != nil && !walkingCachedItems {
        let at = Position(record: record, storageKey: storageKey, field: field)
        if canReuseItems(errors: [], level: level, at) { return false }
        walkingCachedItems = level == 0 && type.listDepth == 1 && type.isComposite && catchScopes.isEmpty
      }
      defer { walkingCachedItems = outerItem }
      listsWalked += 1
      for item in items {
        guard walkValue(item, level: level + 1, field, record: record, storageKey: storageKey) else { return false }
      }
      return true
    case .link(let id) where level == type.listDepth && type.isComposite:
      return walkLink(id, field)
    case .scalar(let scalar) where level == type.listDepth && !type.isComposite:
      return Self.conforms(scalar, to: type)
    case .null:
      return !isNonNull(type.levels[level])
    case .scalar, .link, .list:
      return false
    }
  }

  private mutating func walkLink(_ id: RecordID, _ field: FieldSelection) -> Bool {
    guard let record = source[id] else { return false }
    see(id)
    if let typename = record.typename, !field.admits(typename) { return false }
    guard depth < NestingLimit.objects else { return false }
    let object = WalkedObject(record: id, steps: ObjectIdentifier(field.steps.table))
    if let walkedDepth = walkedPlain[object], depth <= walkedDepth { return true }
    let listsBefore = listsWalked
    depth += 1
    let plain = Self.atDepth(depth) { walkPlain(field.steps, record) }
    depth -= 1
    if plain && listsWalked == listsBefore { walkedPlain[object] = depth }
    return plain
  }

  private mutating func walkInlineFragment(_ fragment: InlineFragment, _ record: StoreRecord) -> Bool {
    guard fragment.conditions.pass(variables) else { return true }
    if fragment.typeCondition != nil && record.typename == nil { return false }
    guard fragment.matches(record.typename) else { return true }
    guard pendingState(fragment.deferred, record) == nil, fragment.catchTo == nil else { return false }
    return walkPlain(fragment.steps, record)
  }

  private mutating func walkSpread(_ spread: FragmentSpread, _ record: StoreRecord) -> Bool {
    guard spread.conditions.pass(variables) else { return true }
    guard let typename = record.typename else { return false }
    guard spread.matches(typename) else { return true }
    guard pendingState(spread.deferred, record) == nil, walkSpreadFragment(spread, record) else { return false }
    spreads.append(FragmentReference(scope: scope(of: spread), record: record.id))
    return true
  }

  /// What `spreadNullsParent` reads of the spread's fragment, walked: plain when the eager
  /// probe would find no null reaching the spread and no event.
  private mutating func walkSpreadFragment(_ spread: FragmentSpread, _ record: StoreRecord) -> Bool {
    guard var probe = probe(of: spread) else { return true }
    let plain = Self.atDepth(probe.depth) { probe.walkPlain(spread.fragment.steps, record) }
    for id in probe.seen { see(id) }
    return plain
  }
}

extension SelectionSteps {
  /// Whether a read of these selections may reach an eighth of `source`'s records: what a
  /// read weighing the source asks before walking (see `Reader.lensRead`).
  func mayReachAnEighth(of source: RecordSource) -> Bool {
    // `recordBound + 1` records at most.
    guard let recordBound else { return true }
    return recordBound >= (source.count - 1) / 8
  }
}
