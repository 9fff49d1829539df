extension Reader {
  /// Whether a list at `level` of `at` may reuse the cache's items: a list of objects, read
  /// outside any `@catch` (which changes what nulls and errors do) with no errors of its own,
  /// not inside an item being recorded (a nested list is part of its item's read), and met
  /// by a read before (see `ReadCache.keepsItems(of:)`).
  mutating func canReuseItems(errors: [FieldError], level: Int, _ at: Position) -> Bool {
    guard cache != nil && !recordingItem && level == 0 && errors.isEmpty && catchScopes.isEmpty
      && at.field.type.listDepth == 1 && at.field.type.isComposite
    else { return false }
    return cache?.keepsItems(of: ReadCache.ListKey(record: at.record, storageKey: at.storageKey)) == true
  }

  /// `readList` for a list of objects, reusing the items whose records did not change
  /// since the last read and recording the ones it reads. The same values, seen records and
  /// events as reading every item, in the same order.
  mutating func readListReusingItems(_ items: RecordList, _ at: Position) -> DataValue? {
    let key = ReadCache.ListKey(record: at.record, storageKey: at.storageKey)
    guard var list = cache?.take(key, field: at.field, depth: depth) else { return nil }
    let eventsBefore = events.count
    // The last read's values when the list only grew after them, shared (see `DataItems`).
    var earlier: DataItems = []
    var values: [DataValue] = []
    var start = 0
    // Asked once per read, for the reuse of the last values and for what the list keeps (a
    // list a page was appended to shares its chunks with the last one: see `RecordList`).
    let appended = items.starts(with: list.values)
    if appended, let last = list.lastRead {
      earlier = last.values
      events.append(contentsOf: last.events)
      start = list.values.count
    }
    values.reserveCapacity(items.count - start)
    // Whether every item is in the cache after this read, so the next can start from it.
    var complete = true
    for position in start..<items.count {
      let item = items[position]
      guard case .link(let id) = item else {
        guard let read = readItem(item, at) else { return nullList(items[..<position], list, at) }
        values.append(read)
        complete = false
        continue
      }
      if let reused = list.items[id] {
        events.append(contentsOf: reused.events)
        values.append(reused.value)
        continue
      }
      let eventStart = events.count
      let thrownBefore = thrownFieldErrors.count
      recordingItem = true
      let read = readItem(item, at)
      recordingItem = false
      guard let read else { return nullList(items[..<position], list, at) }
      values.append(read)
      // An item whose read failed the owner is read again next time, so the failure is too.
      if thrownFieldErrors.count == thrownBefore {
        let reused = ReadCache.Item(value: read, seen: Self.distinctCopy(seenLog), events: Array(events[eventStart...]))
        cache?.record(reused, id: id, in: &list)
      } else {
        complete = false
      }
      seenLog.removeAll(keepingCapacity: true)
    }
    cache?.update(&list, to: items, appended: appended)
    let read = earlier.isEmpty ? DataItems(values) : earlier + values
    if complete { list.lastRead = (read, Array(events[eventsBefore...])) }
    // The records the items saw stay in the cache's list: the read's `seen` leaves them out.
    cache?.put(key, list)
    return .list(read)
  }

  /// The log's records, each once, in an array sized to them. Handing the log itself to
  /// the item would keep its buffer, sized for the longest item read so far, once per item
  /// (a 10,000-issue list kept 1.5 KB per issue for 8 ids), and make the log allocate
  /// again for the next item; and the cache needs each record once (an issue's author who
  /// also comments is seen twice).
  private static func distinctCopy(_ log: [RecordID]) -> [RecordID] {
    guard log.count <= 16 else { return Array(Set(log)) }
    func isFirst(_ position: Int) -> Bool { !log[..<position].contains(log[position]) }
    let count = log.indices.reduce(0) { $0 + (isFirst($1) ? 1 : 0) }
    return [RecordID](unsafeUninitializedCapacity: count) { buffer, initialized in
      for position in log.indices where isFirst(position) {
        buffer.initializeElement(at: initialized, to: log[position])
        initialized += 1
      }
    }
  }

  private mutating func readItem(_ item: RecordValue, _ at: Position) -> DataValue? {
    readValue(item, errors: [], level: 1, at)
  }

  /// What a list whose item's null propagates reads as (see `readList`), once the items
  /// read before it count as seen, as they do in a read from scratch.
  private mutating func nullList(_ before: Slice<RecordList>, _ list: ReadCache.List, _ at: Position) -> DataValue? {
    for case .link(let id) in before { seen.append(contentsOf: list.items[id]?.seen ?? []) }
    return isNonNull(at.field.type.levels[0]) ? nil : .null
  }
}
