/// A set of records by id: the store's content, or the changeset one response makes.
///
/// A value type: a reader holding one source sees a consistent snapshot however the store
/// moves on, and a failed normalization leaves its target untouched because it never
/// shares storage with it.
///
/// A source may stand over a `RecordBacking` (what a persistence loads lazily): it then
/// reads the backing's records on demand, and keeps in memory only what was written or
/// removed since, which shadows the backing.
// Eager-move, as its one dictionary made it before `spreadReads`: a copy (`let source = base`)
// then ends at its last use, not at the end of its scope, so the write after it stays in place.
@_eagerMove
public struct RecordSource: Sendable, Hashable {
  /// The records written over the backing (all of them without one).
  private var loaded: [RecordID: StoreRecord]
  /// The records read on demand, under `loaded`.
  private var backing: (any RecordBacking)?
  /// The backing's ids a read must not take from it: removed, or shadowed by `loaded`.
  /// Always ids the backing holds, so `count` follows from the three.
  private var hidden: Set<RecordID> = []
  /// What a handle's read already read of the fragments its data spreads, for that data's
  /// spread accessors (see `SpreadReads`); no part of the source's value, and dropped by
  /// every write.
  package var spreadReads: SpreadReads?

  public init(_ records: [StoreRecord] = []) {
    self.loaded = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, second in
      var merged = first
      merged.merge(second)
      return merged
    })
  }

  /// The records already keyed by their ids, as the image's decoder builds them.
  package init(records: [RecordID: StoreRecord]) {
    self.loaded = records
  }

  /// A source of `backing`'s records, read on demand: what a persistence's `load()` returns
  /// for a store too large to decode at launch.
  public init(backing: any RecordBacking) {
    self.loaded = [:]
    self.backing = backing
  }

  /// Every record by id.
  ///
  /// - Complexity: O(1) for a source without a backing; over one, O(records): every record
  ///   of the backing not shadowed is read. Whole-store work (garbage collection, a whole
  ///   image write, the inspector) pays it; reads and writes use the subscript.
  public var records: [RecordID: StoreRecord] {
    guard let backing else { return loaded }
    var all = loaded
    all.reserveCapacity(count)
    backing.forEachID { id in
      if !hidden.contains(id), let record = backing.record(id) { all[id] = record }
    }
    return all
  }

  /// Calls `body` with the id of every record, without reading the records.
  public func forEachID(_ body: (RecordID) -> Void) {
    for id in loaded.keys { body(id) }
    guard let backing else { return }
    backing.forEachID { id in if !hidden.contains(id) { body(id) } }
  }

  /// Whether some records are read on demand from a backing.
  public var isBacked: Bool { backing != nil }

  /// The backing's count and estimated bytes (`RecordBacking.estimatedBytes`), when it has
  /// an estimate.
  package var backingEstimate: (records: Int, bytes: Int)? {
    guard let backing, let bytes = backing.estimatedBytes else { return nil }
    return (backing.count, bytes)
  }

  /// The records held in memory: all of them without a backing; over one, those written
  /// since it was loaded.
  package var inMemory: [RecordID: StoreRecord] { loaded }

  /// The records written and removed to make this source of `old`, when both stand over
  /// the same backing; `nil` otherwise (no backing, or two), when only comparing every
  /// record tells.
  ///
  /// - Complexity: O(records in memory and removed from the backing, in either source).
  package func changes(since old: RecordSource) -> (written: [RecordID], removed: [RecordID])? {
    guard backing === old.backing, backing != nil else { return nil }
    var written: [RecordID] = []
    var removed: [RecordID] = []
    for (id, record) in loaded where old[id] != record { written.append(id) }
    for id in old.loaded.keys where loaded[id] == nil && !contains(id) { removed.append(id) }
    for id in hidden where loaded[id] == nil && !old.hidden.contains(id) { removed.append(id) }
    for id in old.hidden where !hidden.contains(id) { written.append(id) }
    return (written, removed)
  }

  public subscript(id: RecordID) -> StoreRecord? {
    if let record = loaded[id] { return record }
    guard let backing, !hidden.contains(id) else { return nil }
    return backing.record(id)
  }

  /// Whether a record with this id is here, without reading it.
  public func contains(_ id: RecordID) -> Bool {
    if loaded[id] != nil { return true }
    guard let backing, !hidden.contains(id) else { return false }
    return backing.contains(id)
  }

  public static func == (lhs: RecordSource, rhs: RecordSource) -> Bool {
    guard lhs.backing != nil || rhs.backing != nil else { return lhs.loaded == rhs.loaded }
    guard lhs.count == rhs.count else { return false }
    if lhs.backing === rhs.backing, lhs.hidden == rhs.hidden, lhs.loaded == rhs.loaded { return true }
    return lhs.records == rhs.records
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(records)
  }

  public var count: Int { loaded.count + (backing?.count ?? 0) - hidden.count }
  public var isEmpty: Bool { count == 0 }

  /// Writes `record` over the record with its id, field by field.
  ///
  /// - Complexity: O(fields of `record`), plus reading the record it writes over from the
  ///   backing the first time (which then loses its links to records no longer here).
  public mutating func merge(_ record: StoreRecord) {
    spreadReads = nil
    // Hidden first: a record removed and written again (what a change log's replay does
    // with each record it writes) asks the backing nothing.
    if let backing, loaded[record.id] == nil, !hidden.contains(record.id), backing.contains(record.id),
      hidden.insert(record.id).inserted, let stored = backing.record(record.id)
    {
      // A record stored before records it links to were collected loses those links now,
      // as garbage collection in memory would have dropped them.
      loaded[record.id] = stored.resolvingLinks { $0 == stored.id || contains($0) } ?? stored
    }
    // One lookup of the id, and the stored record merged in place; a new record merged
    // into an empty one is the record itself (its typename, its fields).
    loaded[record.id, default: StoreRecord(id: record.id)].merge(record)
  }

  /// Writes every record of `changeset` over this source.
  public mutating func merge(_ changeset: RecordSource) {
    spreadReads = nil
    if loaded.isEmpty && backing == nil {
      self = changeset
      spreadReads = nil
      return
    }
    for record in changeset.records.values { merge(record) }
  }

  /// Removes a record; links to it then read as missing.
  public mutating func remove(_ id: RecordID) {
    spreadReads = nil
    loaded[id] = nil
    if let backing, !hidden.contains(id), backing.contains(id) { hidden.insert(id) }
  }
}
