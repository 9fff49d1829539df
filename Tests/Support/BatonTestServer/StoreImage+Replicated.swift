import BatonStore
import BatonNormalizer

extension StoreImage {
  /// The image with its records copied until there are at least `count`: copy `n` renames
  /// every id `id#n` and points its links at its own copies, so each copy is a store of
  /// its own shape. Operations are copied with the first `operationCopies` copies (their
  /// names get `#n`), so the page has many records without thousands of operations; one
  /// more operation, `Replicas`, has seen every copied record, so an image keeps them all.
  ///
  /// For the inspector's benchmarks and its 100,000-record browser test.
  public func replicated(toAtLeast count: Int, operationCopies: Int = 100) -> StoreImage {
    guard !records.isEmpty, records.count < count else { return self }
    let copies = (count + records.count - 1) / records.count
    var all: [StoreRecord] = Array(records.records.values)
    all.reserveCapacity(copies * records.count)
    var operations = self.operations
    var copied: Set<RecordID> = []
    for copy in 1..<copies {
      let suffix = "#\(copy)"
      let rename = { (id: RecordID) in RecordID(id.rawValue + suffix) }
      for record in records.records.values {
        var fields: [String: RecordField] = [:]
        fields.reserveCapacity(record.fields.count)
        for (key, field) in record.fields {
          fields[key] = RecordField(Self.renamed(field.value, rename), errors: field.errors)
        }
        all.append(StoreRecord(id: rename(record.id), typename: record.typename, fields: fields))
        copied.insert(rename(record.id))
      }
      guard copy < operationCopies else { continue }
      for operation in self.operations {
        var copy = operation
        copy.operationID += suffix
        copy.name += suffix
        copy.seenRecords = Set(operation.seenRecords.map(rename))
        operations.append(copy)
      }
    }
    operations.append(OperationImage(operationID: "replicas", name: "Replicas", seenRecords: copied))
    return StoreImage(records: RecordSource(all), operations: operations)
  }

  private static func renamed(_ value: RecordValue, _ rename: (RecordID) -> RecordID) -> RecordValue {
    switch value {
    case .null, .scalar: value
    case .link(let id): .link(rename(id))
    case .list(let items): .list(items.map { renamed($0, rename) })
    }
  }
}
