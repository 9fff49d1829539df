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
///
/// A list is kept from the second read that meets it on: the first read of a list (a first
/// screen's, which every record reaches anew) reads it as without a cache and only notes
/// it, since a list that is never read again (a one-off screen, a handle dropped) would
/// hold a second table of every item's records for nothing, made at the read's peak.
///
/// The records the items saw stay here, one set per list, rather than joining every read's
/// seen records: a read with the cache gives only the records it saw outside them
/// (`read(_:operation:variables:at:cache:)`), `allSeen(joining:)` gives the whole set and
/// `seenChanges(own:previousOwn:)` how it moved since the last read, so that an owner
/// keeping the set changes it by a page's records, not by the list's.
package struct ReadCache: Sendable {
  struct ListKey: Hashable {
    let record: RecordID
    let storageKey: String
  }

  struct Item {
    let value: DataValue
    let seen: [RecordID]
    let events: [ReadEvent]
  }

  /// The items whose read saw a record: most records are seen by one item, which is kept
  /// inline (a table of arrays cost an allocation per record); a record many items saw
  /// (their repository) keeps them in a set, so that forgetting each of them costs a
  /// lookup. An item is forgotten whole (all it saw at once), so it is in a record's seers
  /// or not, however many times its read saw the record: one reference either way, where
  /// a count beside the item took a table entry of 32 bytes, not 16.
  enum Seers {
    case one(RecordID)
    case many(Set<RecordID>)

    var items: [RecordID] {
      switch self {
      case .one(let item): [item]
      case .many(let items): Array(items)
      }
    }

    mutating func add(_ item: RecordID) {
      switch self {
      case .one(let other):
        if other != item { self = .many([other, item]) }
      case .many(var items):
        // Lets go of the set first, so that it changes in place.
        self = .one(item)
        items.insert(item)
        self = .many(items)
      }
    }

    /// Forgets `item`; `true` when no item is left.
    mutating func remove(_ item: RecordID) -> Bool {
      switch self {
      case .one(let other):
        return other == item
      case .many(var items):
        self = .one(item)
        items.remove(item)
        self = .many(items)
        return items.isEmpty
      }
    }
  }

  struct List {
    let field: FieldSelection
    let depth: Int
    /// The list as last read: when the next read only adds items before or after it, no
    /// item of `items` left the list.
    var values: RecordList = []
    private(set) var items: [RecordID: Item] = [:]
    /// The records the items saw, each with the items that saw it: the owner is told of
    /// them as a set (`ReadCache.allSeen(joining:)`), and a change to one of them forgets
    /// those items (`ReadCache.invalidate(_:)`).
    private(set) var seenBy: [RecordID: Seers] = [:]
    /// The records whose events the items met (a missing record, a field error), with
    /// the items that met them: their arrival or change forgets those items too.
    private(set) var eventsOf: [RecordID: Seers] = [:]
    /// What the list read to last time, in order, and the events its items met, while every
    /// item of it is still in `items`: a list that only grew after it starts from a copy
    /// of these instead of a lookup per item.
    var lastRead: (values: DataItems, events: [ReadEvent])?

    init(field: FieldSelection, depth: Int) {
      self.field = field
      self.depth = depth
    }

    /// `log`: where the records that join or leave `seenBy` go, while the cache tracks them.
    mutating func add(_ item: Item, id: RecordID, log: inout [RecordID]?) {
      lastRead = nil
      if let old = items.updateValue(item, forKey: id) { forget(old, id: id, log: &log) }
      for record in item.seen where Self.add(id, to: record, in: &seenBy) { log?.append(record) }
      for event in item.events { _ = Self.add(id, to: event.record, in: &eventsOf) }
    }

    /// Adds `id` to the items of `record` in `table`; `true` when the record is new there.
    private static func add(_ id: RecordID, to record: RecordID, in table: inout [RecordID: Seers]) -> Bool {
      guard table[record] != nil else {
        table[record] = .one(id)
        return true
      }
      table[record]?.add(id)
      return false
    }

    mutating func remove(_ id: RecordID, log: inout [RecordID]?) {
      lastRead = nil
      if let old = items.removeValue(forKey: id) { forget(old, id: id, log: &log) }
    }

    private mutating func forget(_ item: Item, id: RecordID, log: inout [RecordID]?) {
      for record in item.seen where seenBy[record]?.remove(id) == true {
        seenBy[record] = nil
        log?.append(record)
      }
      for event in item.events where eventsOf[event.record]?.remove(id) == true {
        eventsOf[event.record] = nil
      }
    }

    /// The items whose read saw `record` or met an event about it.
    func items(reading record: RecordID) -> [RecordID] {
      (seenBy[record]?.items ?? []) + (eventsOf[record]?.items ?? [])
    }

    /// Keeps the items still in the list `values` read now. Items no longer in it are
    /// dropped: the owner stops hearing about their records, so they could go stale.
    /// `appended`: `values` is known to start with the last list.
    ///
    /// - Complexity: O(items added) when the list only grew at either end, else O(items).
    mutating func update(to values: RecordList, appended: Bool, log: inout [RecordID]?) {
      let grew = appended
        || values.count >= self.values.count && values.reversed().starts(with: self.values.reversed())
      if !grew {
        var present: Set<RecordID> = []
        for case .link(let id) in values { present.insert(id) }
        for id in items.keys.filter({ !present.contains($0) }) { remove(id, log: &log) }
      }
      self.values = values
    }
  }

  private var lists: [ListKey: List] = [:]
  /// The lists the read under way reached; the others are dropped when it ends.
  private var reached: Set<ListKey> = []
  /// The records that joined or left a list's `seenBy` since `seenChanges` last asked; `nil`
  /// while that is not known: in a new cache, and after a list was dropped whole.
  private var seenLog: [RecordID]?
  /// The lists the last read met for the first time, read without keeping their items.
  private var metOnce: Set<ListKey> = []
  /// The lists the read under way meets for the first time.
  private var meeting: Set<ListKey> = []

  /// How many records the last read with data saw outside the lists kept: a read that saw
  /// too few of the source's records to be a lens (see `Reader.lensRead`) is read as a tree
  /// next time without the walk that would find out again.
  var lastSeenCount: Int?

  package init() {}

  /// Whether a read keeps the items of the list under `key`: once a read before this one
  /// met it; the first time, it notes the list and the read reads it as without a cache.
  mutating func keepsItems(of key: ListKey) -> Bool {
    if lists[key] != nil || metOnce.contains(key) { return true }
    meeting.insert(key)
    return false
  }

  /// Forgets the items whose read saw any of `changed`.
  ///
  /// - Complexity: O(`changed` × lists + the items forgotten).
  package mutating func invalidate(_ changed: Set<RecordID>) {
    for key in Array(lists.keys) {
      for id in changed {
        guard let items = lists[key]?.items(reading: id), !items.isEmpty else { continue }
        for item in items { lists[key]?.remove(item, log: &seenLog) }
      }
    }
  }

  /// The list read last time under `key` with the same field at the same depth, taken out
  /// of the cache (so it is changed in place, then put back), else an empty one.
  mutating func take(_ key: ListKey, field: FieldSelection, depth: Int) -> List {
    reached.insert(key)
    if let list = lists.removeValue(forKey: key) {
      if list.depth == depth, list.field === field { return list }
      seenLog = nil
    }
    return List(field: field, depth: depth)
  }

  /// Drops the lists the read that ends did not reach: the owner stops hearing about
  /// their records, so they could go stale before a later read reaches them again. A list
  /// taken and not put back (a null propagated out of it) is gone too.
  mutating func endRead() {
    if lists.count != reached.count || !reached.allSatisfy({ lists[$0] != nil }) {
      lists = lists.filter { reached.contains($0.key) }
      seenLog = nil
    }
    reached = []
    metOnce = meeting
    meeting = []
  }

  /// Keeps the items of `list` still in `values` (see `List.update(to:appended:log:)`).
  mutating func update(_ list: inout List, to values: RecordList, appended: Bool) {
    list.update(to: values, appended: appended, log: &seenLog)
  }

  /// `own`, the records a read with this cache saw outside its lists, with every record
  /// the lists' items saw: all the records the read saw.
  ///
  /// - Complexity: O(records seen).
  package func allSeen(joining own: Set<RecordID>) -> Set<RecordID> {
    var missing: [RecordID] = []
    for list in lists.values {
      for record in list.seenBy.keys where !own.contains(record) { missing.append(record) }
    }
    // A read that read every item (the first of a long list) saw their records itself:
    // `own` is then the whole set, and the owner keeps it rather than a copy of it.
    guard !missing.isEmpty else { return own }
    var all = own
    all.reserveCapacity(own.count + missing.count)
    for record in missing { all.insert(record) }
    return all
  }

  /// Whether an item of a list saw `id`.
  func itemsSaw(_ id: RecordID) -> Bool {
    lists.values.contains { $0.seenBy[id] != nil }
  }

  /// How the records the read that just ended saw (`own` outside lists, with its lists'
  /// items') differ from the last read's (`previousOwn` outside lists): for every record
  /// whose presence may have changed, whether this read saw it. Those are the records
  /// either read saw outside lists and those that joined or left a list's items since.
  /// `nil` when the cache cannot tell (no last read, or a list dropped whole since), keeps
  /// no list (then `own` is the whole set, as cheap to compare), or when the changes would
  /// be at least as many as the records the lists' items saw (the first read of a long
  /// list, where every item's records join, and are in `own` too): then compare `allSeen(joining:)` with the last set, which
  /// costs no more than the changes and holds no list of them beside it. Either way,
  /// tracking starts over here.
  ///
  /// - Complexity: O(`own` + `previousOwn` + the records that joined or left a list).
  package mutating func seenChanges(
    own: Set<RecordID>, previousOwn: Set<RecordID>?
  ) -> [(record: RecordID, seen: Bool)]? {
    let log = seenLog
    seenLog = []
    guard let previousOwn, let log, !lists.isEmpty else { return nil }
    let seenByItems = lists.values.reduce(0) { $0 + $1.seenBy.count }
    guard seenByItems == 0 || own.count + log.count < seenByItems else { return nil }
    var changes: [(record: RecordID, seen: Bool)] = own.map { ($0, true) }
    for record in previousOwn where !own.contains(record) { changes.append((record, itemsSaw(record))) }
    for record in log { changes.append((record, own.contains(record) || itemsSaw(record))) }
    return changes
  }

  /// Puts back a list taken with `take`.
  mutating func put(_ key: ListKey, _ list: consuming List) {
    lists[key] = list
  }

  /// Records `item` of a list taken from the cache.
  mutating func record(_ item: Item, id: RecordID, in list: inout List) {
    list.add(item, id: id, log: &seenLog)
  }
}
