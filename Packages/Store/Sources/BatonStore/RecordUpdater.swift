import BatonNormalizer

/// The store's records as an updater sees them: read any record, replace or remove it,
/// write one field. The environment notifies the handles that read what was touched.
public struct RecordUpdater {
  private(set) var source: RecordSource
  private(set) var touched: Set<RecordID> = []

  init(_ source: RecordSource) {
    self.source = source
  }

  /// The record with `id`; setting replaces it whole, setting `nil` removes it.
  public subscript(id: RecordID) -> StoreRecord? {
    get { source[id] }
    set {
      touched.insert(id)
      source.remove(id)
      if let newValue { source.merge(StoreRecord(id: id, typename: newValue.typename, fields: newValue.fields)) }
    }
  }

  /// Writes one field of a record, creating the record if needed; the field's old errors go.
  public mutating func setValue(_ value: RecordValue, forKey storageKey: String, on id: RecordID) {
    touched.insert(id)
    source.merge(StoreRecord(id: id, fields: [storageKey: RecordField(value)]))
  }
}
