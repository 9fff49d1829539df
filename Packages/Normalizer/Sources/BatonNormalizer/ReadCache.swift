/// What one read of lists of objects leaves for the next read of the same operation, so
/// that re-reading a list whose items did not change costs a lookup per item, not a read
/// (a connection of 10,000 edges re-read after a page of 50 reads only the 50).
///
/// Per list field outside other lists' items (its record and storage key), the value each
/// item read to, the records its read saw and the events it met. The owner says which records changed between two
/// reads (`invalidate(_:)`); an item whose read saw any of them is read again. The cache
/// belongs to one reader of one operation with fixed variables: the field a list was read
/// with (the generated value itself) and the nesting depth are kept and checked, so
/// another selection of the same field never reuses an item.
package struct ReadCache: Sendable {
  struct ListKey: Hashable {
    let record: RecordID
    let storageKey: String
  }

  struct ItemKey: Hashable {
    let list: ListKey
    let item: RecordID
  }

  struct Item {
    let value: DataValue
    let seen: [RecordID]
    let events: [ReadEvent]
  }

  struct List {
    let field: FieldSelection
    let depth: Int
    /// The list as last read: when the next read only adds items before or after it, no
    /// item of `items` left the list.
    var values: [RecordValue] = []
    private(set) var items: [RecordID: Item] = [:]
    /// The records the items saw, each with how many items saw it: a read that reuses
    /// every item joins this set rather than inserting each item's records.
    private(set) var seen: Set<RecordID> = []
    private var counts: [RecordID: Int] = [:]
    /// What the list read to last time, in order, and the events its items met, while every
    /// item of it is still in `items`: a list that only grew after it starts from a copy
    /// of these instead of a lookup per item.
    var lastRead: (values: [DataValue], events: [ReadEvent])?

    init(field: FieldSelection, depth: Int) {
      self.field = field
      self.depth = depth
    }

    mutating func add(_ item: Item, id: RecordID) {
      lastRead = nil
      if let old = items.updateValue(item, forKey: id) { forget(old) }
      for record in item.seen {
        counts[record, default: 0] += 1
        seen.insert(record)
      }
    }

    mutating func remove(_ id: RecordID) {
      lastRead = nil
      if let old = items.removeValue(forKey: id) { forget(old) }
    }

    private mutating func forget(_ item: Item) {
      for record in item.seen {
        guard let count = counts[record] else { continue }
        if count > 1 {
          counts[record] = count - 1
        } else {
          counts[record] = nil
          seen.remove(record)
        }
      }
    }

    /// Keeps the items still in the list `values` read now. Items no longer in it are
    /// dropped: the owner stops hearing about their records, so they could go stale.
    ///
    /// - Complexity: O(items added) when the list only grew at either end, else O(items).
    mutating func update(to values: [RecordValue]) {
      let grew = values.count >= self.values.count
        && (values.starts(with: self.values) || values.reversed().starts(with: self.values.reversed()))
      if !grew {
        var present: Set<RecordID> = []
        for case .link(let id) in values { present.insert(id) }
        for id in items.keys.filter({ !present.contains($0) }) { remove(id) }
      }
      self.values = values
    }
  }

  private var lists: [ListKey: List] = [:]
  /// The lists the read under way reached; the others are dropped when it ends.
  private var reached: Set<ListKey> = []
  /// Record id to the items whose read saw it (or found it missing).
  private var dependents: [RecordID: [ItemKey]] = [:]

  package init() {}

  /// Forgets the items whose read saw any of `changed`.
  ///
  /// - Complexity: O(`changed` + the items forgotten).
  package mutating func invalidate(_ changed: Set<RecordID>) {
    for id in changed {
      guard let keys = dependents.removeValue(forKey: id) else { continue }
      for key in keys { lists[key.list]?.remove(key.item) }
    }
  }

  /// The list read last time under `key` with the same field at the same depth, taken out
  /// of the cache (so it is changed in place, then put back), else an empty one.
  mutating func take(_ key: ListKey, field: FieldSelection, depth: Int) -> List {
    reached.insert(key)
    if let list = lists.removeValue(forKey: key), list.depth == depth, list.field === field { return list }
    return List(field: field, depth: depth)
  }

  /// Drops the lists the read that ends did not reach: the owner stops hearing about
  /// their records, so they could go stale before a later read reaches them again.
  mutating func endRead() {
    if lists.count > reached.count { lists = lists.filter { reached.contains($0.key) } }
    reached = []
  }

  /// Puts back a list taken with `take`.
  mutating func put(_ key: ListKey, _ list: consuming List) {
    lists[key] = list
  }

  /// Records `item` of the list under `key`.
  mutating func record(_ item: Item, id: RecordID, in list: inout List, key: ListKey) {
    list.add(item, id: id)
    let itemKey = ItemKey(list: key, item: id)
    for record in item.seen { dependents[record, default: []].append(itemKey) }
    for event in item.events { dependents[event.record, default: []].append(itemKey) }
  }
}
