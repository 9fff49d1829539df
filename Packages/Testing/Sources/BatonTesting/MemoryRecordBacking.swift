import BatonNormalizer
import BatonStore

/// The records of a `MemoryPersistence` image, handed to the store to read on demand as a
/// file-backed persistence hands over its index: every store test that relaunches over a
/// `MemoryPersistence` then runs over records it reads lazily.
final class MemoryRecordBacking: RecordBacking {
  private let records: [RecordID: StoreRecord]
  let estimatedBytes: Int?

  init(_ records: [RecordID: StoreRecord]) {
    self.records = records
    estimatedBytes = records.values.reduce(0) { $0 + $1.estimatedBytes }
  }

  var count: Int { records.count }

  func contains(_ id: RecordID) -> Bool { records[id] != nil }

  func record(_ id: RecordID) -> StoreRecord? { records[id] }

  func forEachID(_ body: (RecordID) -> Void) {
    for id in records.keys { body(id) }
  }
}
