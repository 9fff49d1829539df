import BatonNormalizer

/// The store's records: the base that responses and updaters write, the optimistic
/// layers over it, and the index of connection nodes that merging pages uses.
///
/// It knows nothing of operations or handles; `StoreState` decides when the image is
/// saved and who is told.
struct StoreRecords {
  private(set) var base: RecordSource
  /// Optimistic writes, oldest first, each removed when its mutation settles.
  private var layers: [(id: Int, records: RecordSource)] = []
  /// The records each layer hides, by layer id (only layers that hide some).
  private var layerDeletions: [Int: Set<RecordID>] = [:]
  /// `base` with the layers over it, kept only while there are layers.
  private var layered: RecordSource?
  /// The nodes of the connections in `base`, for merging pages (emptied whenever `base`
  /// is written other than by a response or a merge).
  var connectionIndex = ConnectionIndex()
  /// Whether `writes` is kept: only a store that persists hands its writes over.
  private let tracksWrites: Bool
  /// The base records written and removed since `takeWrites()`.
  private var writes = RecordWrites()

  init(base: RecordSource, tracksWrites: Bool = false) {
    self.base = base
    self.tracksWrites = tracksWrites
  }

  /// The base records written and removed since the last call, for the image's next change.
  mutating func takeWrites() -> RecordWrites {
    defer { writes = RecordWrites() }
    return writes
  }

  /// What reads see: the base with every optimistic layer over it.
  var visible: RecordSource { layered ?? base }

  /// Writes `changeset` over the base; returns the records whose content changed, and the
  /// events of records written under their id with another `__typename`.
  ///
  /// - Complexity: O(fields in `changeset`) (a record with many fields, like the root, is
  ///   compared and written field by field, never copied whole), plus a copy of the
  ///   record table while a handle still holds an older snapshot of it, and of the
  ///   layered view while optimistic layers exist.
  mutating func write(_ changeset: RecordSource) -> (changed: Set<RecordID>, typenameChanges: [LogEvent]) {
    var changed: Set<RecordID> = []
    var typenameChanges: [LogEvent] = []
    if base.isEmpty {
      // An empty store takes the changeset's table as it is: building a second table beside
      // it held two of every record's entries at the first fetch of a large response.
      base = changeset
      changed = Set(changeset.records.keys)
      if tracksWrites { for id in changed { writes.wrote(id) } }
    } else {
      for (id, record) in changeset.records where Self.changes(base, record) {
        if let event = Self.typenameChange(base, record) { typenameChanges.append(event) }
        base.merge(record)
        changed.insert(id)
        if tracksWrites { writes.wrote(id) }
      }
    }
    if !changed.isEmpty { rebuildLayered() }
    return (changed, typenameChanges)
  }

  /// Whether writing `record` over `source` changes anything. Its own function, so the
  /// copy of the stored record it reads is gone before the write, which then happens in place.
  private static func changes(_ source: RecordSource, _ record: StoreRecord) -> Bool {
    guard let old = source[record.id] else { return true }
    if let typename = record.typename, typename != old.typename { return true }
    return record.fields.contains { key, field in old.fields[key] != field }
  }

  /// The event of writing `record` over a stored record of another `__typename`: the
  /// server gave one id to objects of two types. As in Relay, ids named by their path are
  /// left alone: the object at a path of an interface type may be of another type each time.
  private static func typenameChange(_ source: RecordSource, _ record: StoreRecord) -> LogEvent? {
    guard let new = record.typename, !record.id.isClientID, let old = source[record.id]?.typename, new != old
    else { return nil }
    return LogEvent(.typenameChanged(from: old, to: new), record: record.id, field: "__typename")
  }

  /// Replaces the base with what an updater made of it; returns the records it changed.
  mutating func replace(with updater: RecordUpdater) -> Set<RecordID> {
    guard !updater.touched.isEmpty else { return [] }
    let changed = updater.touched.filter { base[$0] != updater.source[$0] }
    base = updater.source
    if tracksWrites {
      for id in changed { if base[id] == nil { writes.removed(id) } else { writes.wrote(id) } }
    }
    connectionIndex.removeAll()
    if !changed.isEmpty { rebuildLayered() }
    return changed
  }

  /// Keeps only `records` of the base: what garbage collection or a deletion left.
  /// - Complexity: O(records in the base) when the store persists: each kept record is
  ///   compared with the one it replaces (shared storage compares at once); over records
  ///   read on demand, O(records in memory and removed).
  mutating func keepOnly(_ records: RecordSource) {
    if tracksWrites, let changes = records.changes(since: base) {
      for id in changes.written { writes.wrote(id) }
      for id in changes.removed { writes.removed(id) }
    } else if tracksWrites {
      for (id, old) in base.records {
        if let new = records[id] {
          if new != old { writes.wrote(id) }
        } else {
          writes.removed(id)
        }
      }
      for id in records.records.keys where base[id] == nil { writes.wrote(id) }
    }
    base = records
    connectionIndex.removeAll()
    rebuildLayered()
  }

  /// Forgets every record and every layer.
  mutating func removeAll() {
    base = RecordSource()
    writes = RecordWrites()
    connectionIndex.removeAll()
    layers = []
    layerDeletions = [:]
    layered = nil
  }

  /// Adds optimistic layer `id`: `records` written over the base and the layers before
  /// it, and `deletions` hidden (tombstones: a `@deleteRecord` not yet confirmed); returns
  /// the records it shows differently.
  mutating func addLayer(_ id: Int, _ records: RecordSource, deleting deletions: Set<RecordID>) -> Set<RecordID> {
    layers.append((id, records))
    if !deletions.isEmpty { layerDeletions[id] = deletions }
    rebuildLayered()
    return Set(records.records.keys).union(deletions)
  }

  /// The records the optimistic layers write or hide.
  var layerRecordIDs: Set<RecordID> {
    var ids = Set<RecordID>()
    for layer in layers { ids.formUnion(layer.records.records.keys) }
    for deletions in layerDeletions.values { ids.formUnion(deletions) }
    return ids
  }

  /// Whether layer `id` is over the base.
  func hasLayer(_ id: Int) -> Bool {
    layers.contains { $0.id == id }
  }

  /// Removes layer `id`; returns the records it showed differently.
  mutating func removeLayer(_ id: Int) -> Set<RecordID> {
    guard let position = layers.firstIndex(where: { $0.id == id }) else { return [] }
    let removed = layers.remove(at: position)
    let deletions = layerDeletions.removeValue(forKey: id) ?? []
    rebuildLayered()
    return Set(removed.records.records.keys).union(deletions)
  }

  private mutating func rebuildLayered() {
    guard !layers.isEmpty else {
      layered = nil
      return
    }
    var view = base
    for layer in layers {
      view.merge(layer.records)
      for deleted in layerDeletions[layer.id] ?? [] { view.remove(deleted) }
    }
    layered = view
  }
}
