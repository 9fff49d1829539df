import BatonNormalizer
import Foundation

/// All of an environment's mutable state, kept behind its one lock, in three parts by
/// concern: the records (`StoreRecords`: a base plus optimistic layers), the requests it
/// tracks (`StoreOperations`, with the release buffer) and the live handles
/// (`StoreHandles`, with the index from record to the handles that read it). What ties
/// them is here and in the extensions; the rules they keep together are in
/// `StoreState+Invariants`.
///
/// Every method runs with the lock held and queues what must happen after it (notify,
/// log, save, fetch) in `changes`, which the environment takes and carries out unlocked.
struct StoreState {
  var records: StoreRecords
  var operations: StoreOperations
  var handles = StoreHandles()
  var outbox = StoreOutbox()
  var changes = StoreChanges()
  let staleAfter: Duration?
  /// How long fields stay fresh by type and field, and whether the server's hints count.
  let maxAges: MaxAges
  /// When each field with a max age was fetched.
  var fieldAges: FieldAges
  let persists: Bool
  /// The records' estimated bytes and uses, when the environment has a byte budget.
  var budget: ByteBudget?
  private var nextID = 1
  /// How many times the store was reset: a reply to a request sent before the last reset
  /// is the old session's, and is dropped.
  private(set) var resets = 0
  /// The keys of the operations the image loaded, least recently used first, while the
  /// budget's records still lack that order of use (`stampImageOrder()`).
  var budgetImageOrder: [String] = []
  /// The version of the latest image taken to be saved.
  private(set) var imageVersion = 0
  private var imageDirty = false
  /// The base records each image taken but not yet known to be handed over wrote and
  /// removed, by version, oldest first: a change carries them all, so none is lost when an
  /// older image is skipped for a newer one.
  private var unsavedWrites: [(version: Int, writes: RecordWrites)] = []
  #if DEBUG
    /// What the next invariant check looks at.
    var sinceCheck = InvariantScope()
  #endif

  /// - Parameters:
  ///   - outboxOperations: the operations whose outbox entries can be replayed.
  ///   - maximumBytes: the byte budget (`GraphQLEnvironment.init`); `nil` for none.
  init(
    image: StoreImage?, staleAfter: Duration?, persists: Bool, releaseBufferSize: Int,
    outboxOperations: [String: BatonNormalizer.OperationDescriptor] = [:], maxAges: MaxAges = MaxAges(),
    maximumBytes: Int? = nil
  ) {
    self.records = StoreRecords(base: image?.records ?? RecordSource(), tracksWrites: persists)
    if let maximumBytes {
      budget = ByteBudget(maximumBytes: maximumBytes, base: records.base, reservingStamps: image?.operations.count ?? 0)
    }
    self.maxAges = maxAges
    self.fieldAges = image?.fieldAges ?? FieldAges()
    self.operations = StoreOperations(releaseBufferSize: releaseBufferSize)
    self.staleAfter = staleAfter
    self.persists = persists
    outbox.operations = outboxOperations
    releaseLoaded(image?.operations ?? [])
    loadOutbox(image?.outbox ?? [])
    budgetImageOrder = budget == nil ? [] : operations.byUse.map(\.key)
    // Over cold records, stamped when an eviction first needs it: the operations' seen
    // records name every record.
    if budget?.hasColdRecords == false { stampImageOrder() }
    keepWithinBudget()
  }

  /// The records responses and updaters wrote, without the optimistic layers.
  var base: RecordSource { records.base }
  /// What reads see: the base with every optimistic layer over it.
  var visible: RecordSource { records.visible }

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
      fieldAges.compact()
      let image = StoreImage(records: base, operations: operations.byUse, outbox: outbox.pending, fieldAges: fieldAges)
      unsavedWrites.append((imageVersion, records.takeWrites()))
      var writes = RecordWrites()
      for unsaved in unsavedWrites { writes.append(unsaved.writes) }
      taken.image = (imageVersion, ImageChange(image: image, writtenRecords: writes.written, removedRecords: writes.removed))
    }
    imageDirty = false
    taken.imageVersion = imageVersion
    return taken
  }

  /// Forgets the writes of images up to `version`, which was handed over: the next change
  /// carries only what came after it.
  mutating func imageHandedOver(_ version: Int) {
    unsavedWrites.removeAll { $0.version <= version }
  }

  /// Takes the image again if a version newer than `saved` was taken: the one to hand over
  /// when another change's image may not have been handed over yet.
  mutating func retakeImage(after saved: Int) {
    if imageVersion > saved { imageDirty = true }
  }

  /// Forgets every record, optimistic layer, outbox entry and released operation, and what each held
  /// operation fetched (its fetch in flight and stale timer are cancelled), and re-reads
  /// every handle. Nothing of it is saved: the image is erased, not replaced by an empty
  /// one. Returns the image version after which, and only after which, images may be
  /// saved again.
  mutating func wipe(now: Date) -> Int {
    records.removeAll()
    budget?.removeAll()
    budgetImageOrder = []
    unsavedWrites = []
    fieldAges.removeAll()
    outbox.removeAll()
    operations.released = []
    resets += 1
    for key in Array(operations.keys) {
      guard var entry = operations[key] else { continue }
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
    handles.forgetSeen()
    refresh(reread: Set(handles.ids), now: now)
    imageDirty = false
    imageVersion += 1
    return imageVersion
  }

  // MARK: Layers

  /// Adds an optimistic layer: `records` written over the base and the layers before it,
  /// and `deletions` hidden (tombstones: a `@deleteRecord` not yet confirmed).
  mutating func addLayer(
    _ records: RecordSource, deleting deletions: Set<RecordID> = []
  ) -> (id: Int, changed: Set<RecordID>) {
    let id = makeID()
    return (id, self.records.addLayer(id, records, deleting: deletions))
  }

  mutating func removeLayer(_ id: Int) -> Set<RecordID> {
    records.removeLayer(id)
  }

  // MARK: Handles

  mutating func register(_ id: Int, _ registration: HandleRegistration) {
    #if DEBUG
      sinceCheck.reread.insert(id)
    #endif
    handles.register(id, registration)
  }

  /// Forgets a dropped handle; returns its entry's key when no holder is left.
  mutating func release(_ id: Int) -> String? {
    guard let registration = handles.remove(id), var entry = operations[registration.key] else { return nil }
    // What was on screen until now is the most recently used of what may be evicted.
    if budget != nil {
      budget?.used(registration.seen)
      budget?.released()
    }
    entry.holders.remove(id)
    if registration.allowsNetwork { entry.networkHolders -= 1 }
    operations[registration.key] = entry
    return entry.holders.isEmpty ? registration.key : nil
  }

  /// Indexes the records handle `id`'s read saw; `true` when they are not the last read's.
  mutating func reindex(_ id: Int, seen: SeenRecords) -> Bool {
    #if DEBUG
      sinceCheck.reread.insert(id)
    #endif
    return handles.reindex(id, seen: seen)
  }

  /// The handles whose last read saw any of `records`.
  func readers(of records: Set<RecordID>) -> Set<Int> {
    handles.readers(of: records)
  }
}
