/// A set of records by id: the store's content, or the changeset one response makes.
///
/// A value type: a reader holding one source sees a consistent snapshot however the store
/// moves on, and a failed normalization leaves its target untouched because it never
/// shares storage with it.
// Eager-move, as its one dictionary made it before `spreadReads`: a copy (`let source = base`)
// then ends at its last use, not at the end of its scope, so the write after it stays in place.
@_eagerMove
public struct RecordSource: Sendable, Hashable {
  public private(set) var records: [RecordID: StoreRecord]
  /// What a handle's read already read of the fragments its data spreads, for that data's
  /// spread accessors (see `SpreadReads`); no part of the source's value, and dropped by
  /// every write.
  package var spreadReads: SpreadReads?

  public init(_ records: [StoreRecord] = []) {
    self.records = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, second in
      var merged = first
      merged.merge(second)
      return merged
    })
  }

  /// The records already keyed by their ids, as the image's decoder builds them.
  package init(records: [RecordID: StoreRecord]) {
    self.records = records
  }

  public subscript(id: RecordID) -> StoreRecord? {
    records[id]
  }

  public static func == (lhs: RecordSource, rhs: RecordSource) -> Bool {
    lhs.records == rhs.records
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(records)
  }

  public var count: Int { records.count }
  public var isEmpty: Bool { records.isEmpty }

  /// Writes `record` over the record with its id, field by field.
  ///
  /// - Complexity: O(fields of `record`).
  public mutating func merge(_ record: StoreRecord) {
    spreadReads = nil
    // One lookup of the id, and the stored record merged in place; a new record merged
    // into an empty one is the record itself (its typename, its fields).
    records[record.id, default: StoreRecord(id: record.id)].merge(record)
  }

  /// Writes every record of `changeset` over this source.
  public mutating func merge(_ changeset: RecordSource) {
    spreadReads = nil
    if records.isEmpty {
      records = changeset.records
      return
    }
    for record in changeset.records.values { merge(record) }
  }

  /// Removes a record; links to it then read as missing.
  public mutating func remove(_ id: RecordID) {
    spreadReads = nil
    records[id] = nil
  }
}
