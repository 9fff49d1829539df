import BatonNormalizer

/// The store's byte budget (`GraphQLEnvironment.init(maximumBytes:)`): each base record's
/// estimated size (`StoreRecord.estimatedBytes`) and when it was last used, and their total.
///
/// Kept only when the environment has a budget, and kept cheaply: a commit measures the
/// records it changed, garbage collection the records whose fields it dropped, and a use
/// is a counter stamped on the records a handle's read saw, under the lock the read takes
/// already. The eviction itself is `StoreState.keepWithinBudget()`.
///
/// Over records read on demand whose backing estimates their bytes
/// (`RecordBacking.estimatedBytes`), the records not read into memory are *cold*: counted
/// at the backing's average size, never read to be measured, and used only when a read sees
/// them. Opening a large store with a budget then reads none of its records.
struct ByteBudget {
  /// Past this many estimated bytes the least recently used records go.
  let maximumBytes: Int
  /// The estimated bytes of every base record.
  var total: Int { measured + cold.bytes }
  /// The estimated bytes of the records measured.
  private var measured = 0
  private var cold = Cold()
  /// How many records evictions removed, since the environment was made.
  private(set) var evictedRecords = 0
  private var entries: [RecordID: Entry] = [:]
  /// The use counter: higher is more recent.
  private var clock: UInt64 = 0
  /// The total above which the next eviction runs: the budget, or, after an eviction that
  /// could not get under it (what handles hold is larger), a tenth of it above what was
  /// left, so that the store does not look for records to evict at every write.
  private var threshold: Int

  private struct Entry {
    var bytes: Int
    /// The record's field count when measured: garbage collection only removes fields
    /// (links to records it dropped), so a record with as many fields is unchanged by it.
    var fields: Int
    var used: UInt64
  }

  /// The base's records read on demand and not in memory.
  private struct Cold {
    /// The backing's estimate of a record's bytes, on average.
    var bytesPerRecord = 0
    var records = 0
    /// When cold records were last used, for those a read saw.
    var used: [RecordID: UInt64] = [:]

    var bytes: Int { bytesPerRecord * records }

    mutating func follow(_ base: RecordSource) {
      if bytesPerRecord > 0 { records = base.count - base.inMemory.count }
    }
  }

  /// A budget over `base`, each record measured, or over records read on demand whose
  /// backing estimates their bytes, those in memory measured and the others cold. Uses
  /// before the first stamp `clock` gives are for `stampOrder(_:)`.
  init(maximumBytes: Int, base: RecordSource, reservingStamps reserved: Int = 0) {
    self.maximumBytes = max(0, maximumBytes)
    threshold = self.maximumBytes
    clock = UInt64(max(0, reserved))
    if let estimate = base.backingEstimate, estimate.records > 0 {
      cold.bytesPerRecord = max(1, estimate.bytes / estimate.records)
      cold.follow(base)
      for record in base.inMemory.values { measure(record) }
    } else {
      entries.reserveCapacity(base.count)
      for record in base.records.values { measure(record) }
    }
  }

  /// Whether some records are cold: their use before this launch is stamped when an
  /// eviction first needs it (`stampOrder(_:)`), not at launch.
  var hasColdRecords: Bool { cold.records > 0 }

  /// Stamps `ids` as used at `stamp`, one of the stamps reserved at the start, unless a
  /// later use stamped them already: the order of use an image keeps, given at the first
  /// eviction instead of at launch.
  mutating func stampOrder(_ ids: some Sequence<RecordID>, at stamp: UInt64) {
    for id in ids {
      if let used = entries[id]?.used {
        if used < stamp { entries[id]?.used = stamp }
      } else if cold.used[id].map({ $0 < stamp }) ?? true {
        cold.used[id] = stamp
      }
    }
  }

  /// Whether the total is past the point where records are evicted.
  var isOver: Bool { total > threshold }

  /// What an eviction brings the total down to: 90% of the budget, so that the next
  /// write does not evict again.
  var target: Int { maximumBytes - maximumBytes / 10 }

  /// Measures the records `ids` as `base` has them now (forgetting those it lacks) and
  /// marks them used.
  ///
  /// - Complexity: O(fields and list items of those records).
  mutating func wrote(_ ids: some Sequence<RecordID>, in base: RecordSource) {
    clock += 1
    for id in ids {
      if let record = base.inMemory[id] {
        measure(record)
      } else if !base.contains(id) {
        forget(id)
      }
    }
    cold.follow(base)
  }

  /// Marks `ids` used: a handle read them.
  mutating func used(_ ids: some Sequence<RecordID>) {
    clock += 1
    for id in ids {
      if entries[id] != nil {
        entries[id]?.used = clock
      } else if cold.bytesPerRecord > 0 {
        cold.used[id] = clock
      }
    }
  }

  /// Follows the base after garbage collection or a deletion kept only `base`: the records
  /// gone are forgotten, and those with fewer fields measured again.
  ///
  /// - Complexity: O(records measured before), as the collection that came before it.
  mutating func kept(_ base: RecordSource) {
    // Found first and changed after, so that the table is not copied to change it while
    // it is walked.
    var gone: [RecordID] = []
    var changed: [(StoreRecord, used: UInt64)] = []
    // A record read on demand that is still there is as it was: what changes a record
    // brings it into memory.
    for (id, entry) in entries {
      if let record = base.inMemory[id] {
        if record.fields.count != entry.fields { changed.append((record, entry.used)) }
      } else if !base.contains(id) {
        gone.append(id)
      }
    }
    for id in gone { forget(id) }
    for (record, used) in changed { measure(record, used: used) }
    cold.follow(base)
  }

  /// Forgets every record, as after a reset.
  mutating func removeAll() {
    entries = [:]
    measured = 0
    cold = Cold()
    threshold = maximumBytes
  }

  /// The records to evict, least recently used first, among those not in `protected`:
  /// enough that, were only they removed, the total would reach `target`.
  ///
  /// - Complexity: O(n log n) in the records not protected, cold ones of `base` included.
  func leastRecentlyUsed(excluding protected: Set<RecordID>, in base: RecordSource) -> Set<RecordID> {
    var candidates: [(used: UInt64, id: RecordID, bytes: Int)] = []
    for (id, entry) in entries where !protected.contains(id) { candidates.append((entry.used, id, entry.bytes)) }
    if cold.records > 0 {
      base.forEachID { id in
        guard base.inMemory[id] == nil, !protected.contains(id) else { return }
        candidates.append((cold.used[id] ?? 0, id, cold.bytesPerRecord))
      }
    }
    candidates.sort { $0.used < $1.used }
    var chosen = Set<RecordID>()
    var excess = total - target
    for candidate in candidates where excess > 0 {
      chosen.insert(candidate.id)
      excess -= candidate.bytes
    }
    return chosen
  }

  /// Counts an eviction that removed `records`, and sets when the next one runs.
  mutating func evicted(_ records: Int) {
    evictedRecords += records
    threshold = total > maximumBytes ? total + maximumBytes / 10 : maximumBytes
  }

  /// Lets the next write evict again at the budget: a handle let go of records, which may
  /// now be evicted where the last eviction could not.
  mutating func released() {
    threshold = maximumBytes
  }

  private mutating func measure(_ record: StoreRecord, used: UInt64? = nil) {
    let bytes = record.estimatedBytes
    let old = entries.updateValue(
      Entry(bytes: bytes, fields: record.fields.count, used: used ?? clock), forKey: record.id)
    cold.used[record.id] = nil
    measured += bytes - (old?.bytes ?? 0)
  }

  private mutating func forget(_ id: RecordID) {
    if let old = entries.removeValue(forKey: id) { measured -= old.bytes }
    cold.used[id] = nil
  }
}
