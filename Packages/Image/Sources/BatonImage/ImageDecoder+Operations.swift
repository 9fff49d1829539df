@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// What follows the records: the operations, the outbox and the field ages, each checked
/// as the records are.
extension ImageDecoder {
  /// What follows the records, to the end: the operations, outbox and field ages.
  mutating func rest() throws(ImageError) -> ([OperationImage], [OutboxEntry], FieldAges) {
    let operations = try self.operations()
    // Version 1 ends before the outbox.
    let outbox = version >= 2 ? try self.outbox() : []
    // Versions 1 and 2 end before the fields' fetch times.
    let fieldAges = version >= 3 ? try self.fieldAges() : FieldAges()
    try expectEnd()
    return (operations, outbox, fieldAges)
  }

  mutating func operations() throws(ImageError) -> [OperationImage] {
    // The smallest operation: id, name, variable count, fetched flag, stale flag, seen
    // count, error count.
    let count = try reader.count(minimumItemSize: 7)
    var operations: [OperationImage] = []
    operations.reserveCapacity(count)
    // Each request once, by its key, which the operation keeps for the store.
    var keys = Set<String>(minimumCapacity: count)
    for position in 0..<count {
      let (operationID, name, variables, keyRead, fits) = try request()
      var fetchedAt: Date?
      if try flag() {
        let seconds = Double(bitPattern: try reader.uint64())
        guard seconds.isFinite else { throw reader.damaged("operation \(name) has no valid fetch time") }
        fetchedAt = Date(timeIntervalSinceReferenceDate: seconds)
      }
      let isMarkedStale = try flag()
      // Before version 5 the ids themselves; from version 5 on, their offset in their section.
      let seenRecords = seen.isInPlace ? try recordIDs() : []
      let seenOffset = seen.isInPlace ? 0 : try reader.varint()
      let operationErrors = try errors()
      var operation: OperationImage
      if case .onDemand(let records) = seen {
        operation = OperationImage(
          operationID: operationID, name: name, variables: variables ?? [:], fetchedAt: fetchedAt,
          isMarkedStale: isMarkedStale, seenRecordsOnDemand: { records.seenRecords(at: seenOffset) },
          operationErrors: operationErrors ?? [])
      } else {
        operation = OperationImage(
          operationID: operationID, name: name, variables: variables ?? [:], fetchedAt: fetchedAt,
          isMarkedStale: isMarkedStale, seenRecords: seenRecords, operationErrors: operationErrors ?? [])
        if case .read = seen {
          guard let table else { throw reader.damaged("an operation's seen records are in no section") }
          operation.seenRecords = try table.seenRecords(at: seenOffset)
        }
      }
      guard fits, operationErrors != nil else {
        dropped.append(ImageDrop(.operation(at: position, name: name)))
        continue
      }
      let key = keyRead.map { operation.rememberKey($0, holdingVariables: variables == nil) } ?? operation.rememberKey()
      guard keys.insert(key).inserted else {
        throw reader.damaged("operation \(name) appears twice")
      }
      operations.append(operation)
    }
    return operations
  }

  /// What names an operation's request: its id, name, variables (`nil`: the key's text,
  /// read when asked for), the key a version 6 file holds the makings of, and whether each
  /// variable fit (a value nested too deep is left out).
  private mutating func request() throws(ImageError) -> (
    operationID: String, name: String, variables: [String: JSONValue]?, key: String?, fits: Bool
  ) {
    let operationID = try string()
    let name = try string()
    guard version >= ImageFormat.keyVersion else {
      let (variables, fits) = try variables(of: "operation \(name)")
      return (operationID, name, variables, nil, fits)
    }
    // The variables as the key holds them: the key is the id, a colon and this text.
    let text = try string()
    let key = operationID + ":" + text
    // Checked, not read: an open needs only the key. A text that is not an object of
    // leaves in order (nested input objects, escaped names) is checked by reading it.
    if text.utf8.withContiguousStorageIfAvailable(JSONReader.isSortedFlatObject) == true {
      return (operationID, name, nil, key, true)
    }
    let variables: JSONValue
    do throws(JSONReaderError) {
      variables = try JSONReader.parse(Array(text.utf8), depthLimit: OperationImage.variablesDepthLimit)
    } catch {
      if case .depthLimitExceeded = error.kind { return (operationID, name, [:], nil, false) }
      throw reader.damaged("operation \(name)'s variables are not JSON: \(error)")
    }
    guard case .object = variables else {
      throw reader.damaged("operation \(name)'s variables are \(variables.kindDescription), not an object")
    }
    return (operationID, name, nil, key, true)
  }

  /// A request's variables, and whether each fit (a value nested too deep is left out);
  /// `owner` names the request in the damage a repeated name is.
  mutating func variables(
    of owner: @autoclosure () -> String
  ) throws(ImageError) -> ([String: JSONValue], fits: Bool) {
    let count = try reader.count(minimumItemSize: 2)
    var variables: [String: JSONValue] = Dictionary(minimumCapacity: count)
    var fits = true
    for _ in 0..<count {
      let variable = try string()
      guard let value = try json() else {
        fits = false
        continue
      }
      guard variables.updateValue(value, forKey: variable) == nil else {
        throw reader.damaged("\(owner()) has the variable \"\(variable)\" twice")
      }
    }
    return (variables, fits)
  }

  mutating func outbox() throws(ImageError) -> [OutboxEntry] {
    // The smallest entry: id, operation id, name, document, variable count, record count,
    // deletion count.
    let count = try reader.count(minimumItemSize: 7)
    var entries: [OutboxEntry] = []
    entries.reserveCapacity(count)
    var ids = Set<String>()
    for position in 0..<count {
      let droppedBefore = dropped.count
      let id = try string()
      let operationID = try string()
      let name = try string()
      let document = try string()
      let (variables, fits) = try variables(of: "outbox entry \(id)")
      let layer = try records()
      let deletionCount = try reader.count()
      var deletions = Set<RecordID>(minimumCapacity: deletionCount)
      for _ in 0..<deletionCount { deletions.insert(try recordID()) }
      guard fits, dropped.count == droppedBefore else {
        dropped.removeSubrange(droppedBefore...)
        dropped.append(ImageDrop(.outboxEntry(at: position, id: id)))
        continue
      }
      guard ids.insert(id).inserted else { throw reader.damaged("outbox entry \(id) appears twice") }
      entries.append(OutboxEntry(
        id: id, operationID: operationID, operationName: name, document: document, variables: variables,
        optimisticRecords: layer, optimisticDeletions: deletions))
    }
    return entries
  }

  mutating func fieldAges() throws(ImageError) -> FieldAges {
    let timeCount = try reader.count(minimumItemSize: 8)
    var times: [Double] = []
    times.reserveCapacity(timeCount)
    for _ in 0..<timeCount {
      let seconds = Double(bitPattern: try reader.uint64())
      guard seconds.isFinite else { throw reader.damaged("a field fetch time is not a valid time") }
      times.append(Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince1970)
    }
    // The smallest record: id, field count.
    let recordCount = try reader.count(minimumItemSize: 2)
    var fields: [RecordID: [String: FieldAges.Entry]] = Dictionary(minimumCapacity: recordCount)
    for _ in 0..<recordCount {
      let id = try recordID()
      // The smallest field: key, commit, max age.
      let fieldCount = try reader.count(minimumItemSize: 10)
      var entries: [String: FieldAges.Entry] = Dictionary(minimumCapacity: fieldCount)
      for _ in 0..<fieldCount {
        let key = try string()
        let commit = try reader.count()
        let maxAge = Double(bitPattern: try reader.uint64())
        guard commit < times.count, maxAge.isFinite, maxAge >= 0 else {
          throw reader.damaged("field \(key) of \(id) has no valid fetch time or max age")
        }
        entries[key] = FieldAges.Entry(commit: commit, maxAge: maxAge)
      }
      guard fields.updateValue(entries, forKey: id) == nil else { throw reader.damaged("\(id)'s field ages appear twice") }
    }
    return FieldAges(commitTimes: times, fields: fields)
  }
}
