import BatonNormalizer

/// The base records written and removed over a span of changes, latest first: a record
/// written after it was removed counts as written, one removed after it was written as
/// removed, so the two sets never share an id.
struct RecordWrites {
  private(set) var written: Set<RecordID> = []
  private(set) var removed: Set<RecordID> = []

  var isEmpty: Bool { written.isEmpty && removed.isEmpty }

  mutating func wrote(_ id: RecordID) {
    written.insert(id)
    removed.remove(id)
  }

  mutating func removed(_ id: RecordID) {
    removed.insert(id)
    written.remove(id)
  }

  /// Takes in `later`, which happened after these.
  mutating func append(_ later: RecordWrites) {
    if isEmpty {
      self = later
      return
    }
    written.subtract(later.removed)
    written.formUnion(later.written)
    removed.subtract(later.written)
    removed.formUnion(later.removed)
  }
}
