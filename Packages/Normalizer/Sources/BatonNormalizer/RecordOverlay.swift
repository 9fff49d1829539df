/// Records written over a source that stays as it is: a read sees the writes first, then
/// the source. The connection merger and the list editor work on one, so their result is
/// just the records they changed.
struct RecordOverlay {
  let source: RecordSource
  /// The records written, each merged over what was written before it.
  private(set) var changes: [RecordID: StoreRecord] = [:]

  init(over source: RecordSource) {
    self.source = source
  }

  /// The record as written, else as the source has it.
  subscript(id: RecordID) -> StoreRecord? {
    changes[id] ?? source[id]
  }

  /// Writes `record`'s fields over the ones already written for its id.
  mutating func write(_ record: StoreRecord) {
    if changes[record.id] == nil {
      changes[record.id] = record
    } else {
      changes[record.id]?.merge(record)
    }
  }
}
