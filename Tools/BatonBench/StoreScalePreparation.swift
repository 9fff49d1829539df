import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// The files `baton-bench store-scale` measures, made by a child of their own: the scaled
/// image with its first repository's list trimmed to a screen of about 50 records, the
/// same records as an SQLite table, and the plan (the screen's records, the 1% to change).
enum StoreScalePreparation {
  /// What an edit appends to the changed field.
  static let edit = " (edited)"

  static func prepare(records count: Int, in files: StoreScaleFiles) throws -> StoreScaleBench.Plan {
    var image = try ScaledImage.make(records: count)
    let screen = try trimScreen(&image)
    let file = try FileImage(at: files.image, debounce: .zero)
    try file.save(image)
    file.flush()
    // The image as written: records no operation reaches are not in the file.
    let kept = image.collectingGarbage()
    // 1% of the records, evenly spread over those with a string to change (a connection
    // record holds only links).
    let editable = kept.records.records.values.filter { $0.id != .root && edited($0) != nil }.map(\.id).sorted()
    let changedCount = min(editable.count, max(1, kept.records.count / 100))
    let changed = (0..<changedCount).map { editable[$0 * editable.count / changedCount] }
    var changedRecords = RecordSource()
    for id in changed {
      guard let record = kept.records[id].flatMap(edited) else { throw BenchError(description: "cannot change \(id)") }
      changedRecords.merge(record)
    }
    let changedImage = StoreImage(
      records: changedRecords,
      operations: [OperationImage(operationID: "changed", name: "Changed", seenRecords: Set(changed))])
    let table = try SQLiteTable(path: files.database.path)
    try table.write(kept.records.records.values.map { (id: $0.id.rawValue, body: try json($0)) })
    try table.checkpoint()
    let plan = StoreScaleBench.Plan(
      records: kept.records.count, screen: screen.map(\.rawValue).sorted(), changed: changed.map(\.rawValue),
      changedImageBytes: FileImage.encode(changedImage).count,
      changedJSONBytes: try changedRecords.records.values.reduce(0) { $0 + (try json($1)).count })
    try JSONEncoder().encode(plan).write(to: files.planFile)
    return plan
  }

  /// Trims the first repository's issue list to the fewest issues whose read sees
  /// `screenRecords`, and sets its operation's seen records to that read's.
  static func trimScreen(_ image: inout StoreImage) throws -> Set<RecordID> {
    guard case .link(let repository)? = image.records[.root]?[ScaledImage.repositoryKey]?.value,
      let repositoryRecord = image.records[repository],
      let issuesKey = repositoryRecord.fields.keys.first(where: { $0.hasPrefix("issues") }),
      case .link(let connection)? = repositoryRecord[issuesKey]?.value,
      var connectionRecord = image.records[connection],
      case .list(let nodes)? = connectionRecord["nodes"]?.value
    else { throw BenchError(description: "the image has no issue list under \(ScaledImage.repositoryKey)") }
    var seen: Set<RecordID> = []
    for count in 1...nodes.count {
      connectionRecord["nodes"] = RecordField(.list(Array(nodes.prefix(count))))
      image.records.merge(connectionRecord)
      seen = read(image.records, operation: GitHubIssuesQuery.operation).seenRecords
      if seen.count >= StoreScaleBench.screenRecords { break }
    }
    guard let index = image.operations.firstIndex(where: { $0.variables["name"] == .string(ScaledImage.repositoryName(0)) }) else {
      throw BenchError(description: "the image has no operation of \(ScaledImage.repositoryName(0))")
    }
    image.operations[index].seenRecords = seen
    return seen
  }

  /// `record` with its first string field (by key) edited, as a refetch that changed it
  /// would write it; `nil` when it has none.
  static func edited(_ record: StoreRecord) -> StoreRecord? {
    let keys = record.fields.keys.filter { $0 != "__typename" }.sorted()
    for key in keys {
      guard let field = record[key], case .scalar(.string(let text)) = field.value else { continue }
      var changed = StoreRecord(id: record.id, typename: record.typename)
      changed[key] = RecordField(.scalar(.string(text + edit)), errors: field.errors)
      return changed
    }
    return nil
  }

  /// The same edit on a row's JSON: the first string member by key but `__typename`.
  static func edited(json body: [UInt8]) throws -> [UInt8] {
    guard var object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let key = object.keys.filter({ $0 != "__typename" && object[$0] is String }).sorted().first,
      let text = object[key] as? String
    else { throw BenchError(description: "a row has no string member to change") }
    object[key] = text + edit
    return [UInt8](try JSONSerialization.data(withJSONObject: object))
  }

  /// A record as the table keeps it: `ScaledImageDump`'s JSON for one record.
  static func json(_ record: StoreRecord) throws -> [UInt8] {
    var object: [String: Any] = [:]
    if let typename = record.typename { object["__typename"] = typename }
    for (key, field) in record.fields {
      object[key] = ScaledImageDump.value(field.value)
      if !field.errors.isEmpty { object[key + "#errors"] = field.errors.map { ["message": $0.message] } }
    }
    return [UInt8](try JSONSerialization.data(withJSONObject: object))
  }
}
