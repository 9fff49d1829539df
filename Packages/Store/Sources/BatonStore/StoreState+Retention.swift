import BatonNormalizer

/// Which operations the store keeps, as Relay's store does with its release buffer: an
/// operation a handle holds is kept; one no handle holds any more waits in the buffer, and
/// once more than `releaseBufferSize` wait, the least recently released goes, with the
/// records no kept operation reaches. Without it, every request an app ever made (each
/// search term, each page) would stay in memory and in the image for good.
extension StoreState {
  /// A handle holds `key` again: it leaves the buffer.
  mutating func retain(key: String) {
    released.removeAll { $0 == key }
  }

  /// No handle holds `key` any more (its fetch in flight, if any, already forgotten).
  mutating func release(key: String) {
    released.removeAll { $0 == key }
    released.append(key)
    trimReleased()
  }

  /// Takes in the operations of a loaded image, least recently used first, as released,
  /// and only then trims: garbage collected before the newer ones are back would take
  /// their records.
  mutating func releaseLoaded(_ loaded: [OperationImage]) {
    for operation in loaded where operations.updateValue(OperationEntry(image: operation), forKey: operation.key) == nil {
      released.append(operation.key)
    }
    trimReleased()
  }

  /// The operations as the image keeps them, least recently used first: the released in
  /// the order they were released, then those a handle holds, by when they fetched. A
  /// relaunch whose buffer cannot take them all keeps the last ones, what was on screen.
  var operationsByUse: [OperationImage] {
    let held = operations.filter { !$0.value.holders.isEmpty }.sorted {
      ($0.value.image.fetchedAt ?? .distantPast, $0.key) < ($1.value.image.fetchedAt ?? .distantPast, $1.key)
    }
    return released.compactMap { operations[$0]?.image } + held.map(\.value.image)
  }

  /// Drops the least recently released beyond the buffer, then the records only they reached.
  private mutating func trimReleased() {
    let excess = released.count - releaseBufferSize
    guard excess > 0 else { return }
    for key in released.prefix(excess) { operations[key] = nil }
    released.removeFirst(excess)
    collectGarbage()
  }

  /// Drops the records no kept operation's last read saw.
  private mutating func collectGarbage() {
    let kept = StoreImage(records: base, operations: operations.values.map(\.image)).collectingGarbage()
    if kept.records.count != base.count { keepOnly(kept.records) }
    touchImage()
  }
}
