import BatonNormalizer

/// The requests a store tracks, by key, and its release buffer: the keys of those no
/// handle holds, least recently released first, as Relay's store keeps them. An operation
/// a handle holds is kept; one no handle holds waits in the buffer, and once more than
/// `releaseBufferSize` wait, the least recently released goes. Without it, every request
/// an app ever made (each search term, each page) would stay in memory and in the image
/// for good.
struct StoreOperations {
  private(set) var entries: [String: OperationEntry] = [:]
  /// The keys of the operations no handle holds, least recently released first.
  var released: [String] = []
  /// How many operations no handle holds are kept; see `GraphQLEnvironment.init`.
  let releaseBufferSize: Int

  init(releaseBufferSize: Int) {
    self.releaseBufferSize = max(0, releaseBufferSize)
  }

  #if DEBUG
    /// The keys whose entry or place in the buffer changed since the store last checked
    /// its invariants: what the next check looks at.
    var touched: Set<String> = []
  #endif

  subscript(key: String) -> OperationEntry? {
    get { entries[key] }
    set {
      entries[key] = newValue
      #if DEBUG
        touched.insert(key)
      #endif
    }
  }

  var keys: Dictionary<String, OperationEntry>.Keys { entries.keys }

  /// A handle holds `key` again: it leaves the buffer.
  mutating func retain(key: String) {
    #if DEBUG
      touched.insert(key)
    #endif
    released.removeAll { $0 == key }
  }

  /// No handle holds `key` any more (its fetch in flight, if any, already forgotten);
  /// `true` when the buffer overflowed and dropped operations.
  mutating func release(key: String) -> Bool {
    #if DEBUG
      touched.insert(key)
    #endif
    released.removeAll { $0 == key }
    released.append(key)
    return trimReleased()
  }

  /// Takes in the operations of a loaded image, least recently used first, as released,
  /// and only then trims: garbage collected before the newer ones are back would take
  /// their records. `true` when operations were dropped.
  mutating func releaseLoaded(_ loaded: [OperationImage]) -> Bool {
    entries.reserveCapacity(entries.count + loaded.count)
    released.reserveCapacity(released.count + loaded.count)
    for operation in loaded where entries.updateValue(OperationEntry(image: operation), forKey: operation.key) == nil {
      released.append(operation.key)
      #if DEBUG
        touched.insert(operation.key)
      #endif
    }
    return trimReleased()
  }

  /// The operations as the image keeps them, least recently used first: the released in
  /// the order they were released, then those a handle holds, by when they fetched. A
  /// relaunch whose buffer cannot take them all keeps the last ones, what was on screen.
  /// - Complexity: O(operations), without copying the table: every change hands it over.
  var byUse: [OperationImage] {
    var held: [(key: String, image: OperationImage)] = []
    for (key, entry) in entries where !entry.holders.isEmpty { held.append((key, entry.image)) }
    held.sort { ($0.image.fetchedAt ?? .distantPast, $0.key) < ($1.image.fetchedAt ?? .distantPast, $1.key) }
    var images: [OperationImage] = []
    images.reserveCapacity(released.count + held.count)
    for key in released {
      if let image = entries[key]?.image { images.append(image) }
    }
    for operation in held { images.append(operation.image) }
    return images
  }

  /// Drops the released operations whose last read saw any of `records` and that fetch
  /// nothing; returns how many it dropped.
  ///
  /// - Complexity: O(released operations × the smaller of their seen records and `records`).
  mutating func dropReleased(reaching records: Set<RecordID>) -> Int {
    let dropped = Set(released.filter { key in
      guard let entry = entries[key], entry.lifecycle.running == nil, entry.increments == nil else { return false }
      return !entry.image.seenRecords.isDisjoint(with: records)
    })
    guard !dropped.isEmpty else { return 0 }
    for key in dropped {
      entries[key] = nil
      #if DEBUG
        touched.insert(key)
      #endif
    }
    released.removeAll { dropped.contains($0) }
    return dropped.count
  }

  /// Drops the least recently released beyond the buffer; `true` when it dropped any.
  private mutating func trimReleased() -> Bool {
    let excess = released.count - releaseBufferSize
    guard excess > 0 else { return false }
    for key in released.prefix(excess) { entries[key] = nil }
    released.removeFirst(excess)
    return true
  }
}
