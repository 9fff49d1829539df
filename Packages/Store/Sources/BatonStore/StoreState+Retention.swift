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
    guard released.count > releaseBufferSize else { return }
    while released.count > releaseBufferSize {
      operations[released.removeFirst()] = nil
    }
    collectGarbage()
  }

  /// Drops the records no kept operation's last read saw.
  private mutating func collectGarbage() {
    let kept = StoreImage(records: base, operations: operations.values.map(\.image)).collectingGarbage()
    if kept.records.count != base.count { keepOnly(kept.records) }
    touchImage()
  }
}
