import BatonNormalizer

/// Which operations the store keeps (`StoreOperations`' release buffer), and the records
/// that go with those it drops.
extension StoreState {
  /// A handle holds `key` again: it leaves the buffer.
  mutating func retain(key: String) {
    operations.retain(key: key)
  }

  /// No handle holds `key` any more (its fetch in flight, if any, already forgotten).
  mutating func release(key: String) {
    if operations.release(key: key) { collectGarbage() }
  }

  /// Takes in the operations of a loaded image as released (`StoreOperations.releaseLoaded`).
  mutating func releaseLoaded(_ loaded: [OperationImage]) {
    if operations.releaseLoaded(loaded) { collectGarbage() }
  }

  /// The operations as the image keeps them, least recently used first.
  var operationsByUse: [OperationImage] { operations.byUse }

  /// Drops the records no kept operation's last read saw.
  mutating func collectGarbage() {
    let kept = StoreImage(records: base, operations: operations.entries.values.map(\.image)).collectingGarbage()
    if kept.records.count != base.count { keepOnly(kept.records) }
    touchImage()
  }
}
