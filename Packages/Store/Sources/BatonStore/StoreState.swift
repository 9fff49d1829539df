import BatonNormalizer
import Foundation

/// All of an environment's mutable state, kept behind its one lock: the records (a base
/// plus optimistic layers), the requests it tracks, the live handles and the index from
/// record to the handles that read it.
///
/// Every method runs with the lock held and queues what must happen after it (notify,
/// log, save, fetch) in `changes`, which the environment takes and carries out unlocked.
struct StoreState {
  private(set) var base: RecordSource
  /// Optimistic writes, oldest first, each removed when its mutation settles.
  private var layers: [(id: Int, records: RecordSource)] = []
  /// The records each layer hides, by layer id (only layers that hide some).
  private var layerDeletions: [Int: Set<RecordID>] = [:]
  /// `base` with the layers over it, kept only while there are layers.
  private var layered: RecordSource?
  var operations: [String: OperationEntry] = [:]
  var handles: [Int: HandleRegistration] = [:]
  /// Record id to the handles whose last read saw it, kept only while many handles are
  /// registered (`nil` otherwise: the few handles' own seen sets answer, and a store read
  /// by one handle holds no second table of every record it saw).
  private(set) var index: [RecordID: HandleIDs]?
  /// The nodes of the connections in `base`, for merging pages (emptied whenever `base`
  /// is written other than by a response or a merge).
  var connectionIndex = ConnectionIndex()
  var changes = StoreChanges()
  let staleAfter: Duration?
  let persists: Bool
  /// How many operations no handle holds are kept; see `GraphQLEnvironment.init`.
  let releaseBufferSize: Int
  /// The keys of the operations no handle holds, least recently released first.
  var released: [String] = []
  private var nextID = 1
  /// How many times the store was reset: a reply to a request sent before the last reset
  /// is the old session's, and is dropped.
  private(set) var resets = 0
  /// The version of the latest image taken to be saved.
  private(set) var imageVersion = 0
  private var imageDirty = false
  #if DEBUG
    /// What the next invariant check looks at.
    var sinceCheck = InvariantScope()
  #endif

  init(image: StoreImage?, staleAfter: Duration?, persists: Bool, releaseBufferSize: Int) {
    self.base = image?.records ?? RecordSource()
    self.staleAfter = staleAfter
    self.persists = persists
    self.releaseBufferSize = max(0, releaseBufferSize)
    releaseLoaded(image?.operations ?? [])
  }

  /// What reads see: the base with every optimistic layer over it.
  var visible: RecordSource { layered ?? base }

  mutating func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Marks the image as changed; it is saved once the lock is released.
  mutating func touchImage() {
    imageDirty = true
  }

  /// Takes the queued work, with the image to save if anything persistent changed.
  mutating func takeChanges() -> StoreChanges {
    var taken = changes
    changes = StoreChanges()
    if imageDirty && persists {
      imageVersion += 1
      taken.image = (imageVersion, StoreImage(records: base, operations: operationsByUse))
    }
    imageDirty = false
    taken.imageVersion = imageVersion
    return taken
  }

  /// Takes the image again if a version newer than `saved` was taken: the one to hand over
  /// when another change's image may not have been handed over yet.
  mutating func retakeImage(after saved: Int) {
    if imageVersion > saved { imageDirty = true }
  }

  /// Forgets every record, optimistic layer and released operation, and what each held
  /// operation fetched (its fetch in flight and stale timer are cancelled), and re-reads
  /// every handle. Nothing of it is saved: the image is erased, not replaced by an empty
  /// one. Returns the image version after which, and only after which, images may be
  /// saved again.
  mutating func wipe(now: Date) -> Int {
    base = RecordSource()
    connectionIndex.removeAll()
    layers = []
    layered = nil
    if index != nil { index = [:] }
    released = []
    resets += 1
    for (key, var entry) in operations {
      entry.lifecycle.cancelRunning()
      entry.increments?.task?.cancel()
      entry.staleTimer?.task?.cancel()
      guard !entry.holders.isEmpty else {
        operations[key] = nil
        continue
      }
      entry.image = OperationImage(
        operationID: entry.image.operationID, name: entry.image.name, variables: entry.image.variables)
      entry.seenRecordsOf = nil
      entry.lifecycle = .idle
      entry.increments = nil
      entry.staleTimer = nil
      entry.healedSinceFetch = false
      operations[key] = entry
    }
    for id in handles.keys { handles[id]?.seen = [] }
    refresh(reread: Set(handles.keys), now: now)
    imageDirty = false
    imageVersion += 1
    return imageVersion
  }

  // MARK: Records

  /// Writes `changeset` over the base; returns the records whose content changed.
  ///
  /// - Complexity: O(fields in `changeset`) (a record with many fields, like the root, is
  ///   compared and written field by field, never copied whole), plus a copy of the
  ///   record table while a handle still holds an older snapshot of it, and of the
  ///   layered view while optimistic layers exist.
  mutating func commit(_ changeset: RecordSource) -> Set<RecordID> {
    var changed: Set<RecordID> = []
    if base.isEmpty {
      // An empty store takes the changeset's table as it is: building a second table beside
      // it held two of every record's entries at the first fetch of a large response.
      base = changeset
      changed = Set(changeset.records.keys)
    } else {
      for (id, record) in changeset.records where Self.changes(base, record) {
        if let changed = Self.typenameChange(base, record) { changes.logs.append(changed) }
        base.merge(record)
        changed.insert(id)
      }
    }
    if !changed.isEmpty {
      touchImage()
      rebuildLayered()
    }
    #if DEBUG
      sinceCheck.written.formUnion(changed)
    #endif
    return changed
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

  /// Replaces the base with what an updater made of it.
  mutating func replaceBase(_ updater: RecordUpdater) -> Set<RecordID> {
    guard !updater.touched.isEmpty else { return [] }
    let changed = updater.touched.filter { base[$0] != updater.source[$0] }
    base = updater.source
    connectionIndex.removeAll()
    #if DEBUG
      sinceCheck.written = []
    #endif
    if !changed.isEmpty {
      touchImage()
      rebuildLayered()
    }
    return changed
  }

  /// Keeps only `records` of the base: what garbage collection left.
  mutating func keepOnly(_ records: RecordSource) {
    base = records
    connectionIndex.removeAll()
    rebuildLayered()
    #if DEBUG
      sinceCheck.written = []
    #endif
  }

  /// Adds an optimistic layer: `records` written over the base and the layers before it,
  /// and `deletions` hidden (tombstones: a `@deleteRecord` not yet confirmed).
  mutating func addLayer(
    _ records: RecordSource, deleting deletions: Set<RecordID> = []
  ) -> (id: Int, changed: Set<RecordID>) {
    let id = makeID()
    layers.append((id, records))
    if !deletions.isEmpty { layerDeletions[id] = deletions }
    rebuildLayered()
    return (id, Set(records.records.keys).union(deletions))
  }

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

  // MARK: Handles

  /// Above this many handles the store keeps its index from records to handles; at or
  /// below it, finding a change's readers asks each handle's seen set.
  static let unindexedHandleLimit = 4

  mutating func register(_ id: Int, _ registration: HandleRegistration) {
    handles[id] = registration
    #if DEBUG
      sinceCheck.reread.insert(id)
    #endif
    if index == nil, handles.count > Self.unindexedHandleLimit { buildIndex() }
  }

  private mutating func buildIndex() {
    var built: [RecordID: HandleIDs] = [:]
    for (id, registration) in handles {
      for record in registration.seen { built[record, default: .one(id)].insert(id) }
    }
    index = built
  }

  /// Forgets a dropped handle; returns its entry's key when no holder is left.
  mutating func release(_ id: Int) -> String? {
    guard let registration = handles.removeValue(forKey: id) else { return nil }
    // Dropped at half the limit, not at it, so that a handle coming and going at the
    // limit does not rebuild the index each time.
    if handles.count <= Self.unindexedHandleLimit / 2 {
      index = nil
    } else if index != nil {
      for record in registration.seen { removeFromIndex(id, record) }
    }
    guard var entry = operations[registration.key] else { return nil }
    entry.holders.remove(id)
    if registration.allowsNetwork { entry.networkHolders -= 1 }
    operations[registration.key] = entry
    return entry.holders.isEmpty ? registration.key : nil
  }

  /// Indexes the records handle `id`'s read saw; `true` when they are not the last read's.
  ///
  /// - Complexity: O(changes) for `.changes`, changing the handle's set in place (a
  ///   re-read of a long list after a page tells the page's records); for `.all`, O(old +
  ///   new seen records) lookups, no set built.
  mutating func reindex(_ id: Int, seen: SeenRecords) -> Bool {
    #if DEBUG
      sinceCheck.reread.insert(id)
    #endif
    switch seen {
    case .all(let records): return reindex(id, all: records)
    case .changes(let changes): return reindex(id, changes: changes)
    }
  }

  private mutating func reindex(_ id: Int, all seen: Set<RecordID>) -> Bool {
    guard let old = handles[id]?.seen else { return false }
    var added = 0
    for record in seen where !old.contains(record) {
      index?[record, default: .one(id)].insert(id)
      added += 1
    }
    // Nothing added and as many records: the same set.
    guard added > 0 || old.count != seen.count else { return false }
    if index != nil, old.count + added != seen.count {
      for record in old where !seen.contains(record) { removeFromIndex(id, record) }
    }
    handles[id]?.seen = seen
    return true
  }

  private mutating func reindex(_ id: Int, changes: [(record: RecordID, seen: Bool)]) -> Bool {
    guard var seen = handles[id]?.seen else { return false }
    // Out of the registration while it changes, so that it changes in place.
    handles[id]?.seen = []
    var changed = false
    for (record, isSeen) in changes {
      if isSeen {
        guard seen.insert(record).inserted else { continue }
        index?[record, default: .one(id)].insert(id)
      } else {
        guard seen.remove(record) != nil else { continue }
        removeFromIndex(id, record)
      }
      changed = true
    }
    handles[id]?.seen = seen
    return changed
  }

  private mutating func removeFromIndex(_ id: Int, _ record: RecordID) {
    if index?[record]?.remove(id) == true { index?[record] = nil }
  }

  /// The handles whose last read saw any of `records`.
  func readers(of records: Set<RecordID>) -> Set<Int> {
    var result: Set<Int> = []
    guard let index else {
      for (id, registration) in handles where !registration.seen.isDisjoint(with: records) {
        result.insert(id)
      }
      return result
    }
    for record in records {
      index[record]?.add(to: &result)
    }
    return result
  }
}
