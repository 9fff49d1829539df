@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// A store image of about 100,000 records and 1,000 operations made from the GitHub
/// response, and the JSON dump of the same content that a cache writing JSON would keep.
///
/// The response normalizes into 800 records (100 issues with their comments, authors and
/// connections). Copy `k` of them is the same repository under another name: every client
/// id gets that name, every keyed id (and the `id` field that holds its key) a suffix, so
/// the copies share no record and no id, as 125 repositories would.
///
/// Operations: one list query per copy, seeing everything its read saw, and then detail
/// queries of single issues up to 1,000, each seeing the issue and what its links reach,
/// as a detail screen's read would.
enum ScaledImage {
  static let targetRecords = 100_000
  static let operationCount = 1_000
  /// The field of the query root that every other client id of the response starts under.
  static let repositoryKey = #"repository(name:"apollo-ios",owner:"apollographql")"#
  static let listOperationID = "4f1c0a7e2b9d8c36e5a1f0b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6"
  static let detailOperationID = "9a8b7c6d5e4f30211203f4e5d6c7b8a99887766554433221100ffeeddccbbaa9"

  /// The image of about `target` records (`targetRecords` unless given): as many copies of
  /// the response as reach it.
  static func make(records target: Int = targetRecords) throws -> StoreImage {
    let operation = GitHubIssuesQuery.operation
    let payload = try normalize(response: try Fixtures.bytes(NormalizeBench.fixture), for: operation)
    let base = payload.records
    let seen = read(base, operation: operation).seenRecords
    guard base[.root]?.fields[repositoryKey] != nil else {
      throw BenchError(description: "the fixture's root has no field \(repositoryKey), only \(base[.root]?.fields.keys.sorted() ?? [])")
    }
    let issues = base.records.keys.filter { base[$0]?.typename == "Issue" }.sorted()
    let copies = (target + base.count - 2) / (base.count - 1)
    var records: [StoreRecord] = []
    records.reserveCapacity(copies * base.count)
    var root = StoreRecord(id: .root, typename: base[.root]?.typename)
    var operations: [OperationImage] = []
    for copy in 0..<copies {
      for record in base.records.values {
        let renamed = rename(record, copy: copy)
        if record.id == .root {
          for (key, field) in renamed.fields { root[key] = field }
        } else {
          records.append(renamed)
        }
      }
      operations.append(
        OperationImage(
          operationID: listOperationID, name: operation.name,
          variables: ["owner": .string("apollographql"), "name": .string(repositoryName(copy))], fetchedAt: Date(),
          seenRecords: Set(seen.map { rename($0, copy: copy) }), operationErrors: payload.operationErrors))
    }
    records.append(root)
    var position = 0
    while operations.count < operationCount, !issues.isEmpty {
      let copy = position % copies
      let issue = issues[(position / copies) % issues.count]
      var reached = reachable(from: issue, in: base)
      reached.insert(.root)
      operations.append(
        OperationImage(
          operationID: detailOperationID, name: "IssueDetail",
          variables: ["id": .string(rename(issue, copy: copy).rawValue)], fetchedAt: Date(),
          seenRecords: Set(reached.map { rename($0, copy: copy) })))
      position += 1
    }
    return StoreImage(records: RecordSource(records), operations: operations)
  }

  static func repositoryName(_ copy: Int) -> String {
    copy == 0 ? "apollo-ios" : "apollo-ios-\(copy)"
  }

  static func rename(_ id: RecordID, copy: Int) -> RecordID {
    guard copy > 0, id != .root else { return id }
    let raw = id.rawValue
    guard raw.hasPrefix("client:") else { return RecordID(raw + "-\(copy)") }
    return RecordID(raw.replacingOccurrences(of: repositoryKey, with: renamedRepositoryKey(copy)))
  }

  static func renamedRepositoryKey(_ copy: Int) -> String {
    repositoryKey.replacingOccurrences(of: #""apollo-ios""#, with: "\"\(repositoryName(copy))\"")
  }

  static func rename(_ record: StoreRecord, copy: Int) -> StoreRecord {
    guard copy > 0 else { return record }
    var renamed = StoreRecord(id: rename(record.id, copy: copy), typename: record.typename)
    for (key, field) in record.fields {
      let newKey = record.id == .root && key == repositoryKey ? renamedRepositoryKey(copy) : key
      var value = rename(field.value, copy: copy)
      if key == "id", case .scalar(.string(let text)) = field.value { value = .scalar(.string(text + "-\(copy)")) }
      renamed[newKey] = RecordField(value, errors: field.errors)
    }
    return renamed
  }

  static func rename(_ value: RecordValue, copy: Int) -> RecordValue {
    switch value {
    case .link(let id): .link(rename(id, copy: copy))
    case .list(let items): .list(items.map { rename($0, copy: copy) })
    case .null, .scalar: value
    }
  }

  /// The records a read starting at `start` would see: every record its links reach.
  static func reachable(from start: RecordID, in source: RecordSource) -> Set<RecordID> {
    var seen: Set<RecordID> = [start]
    var pending = [start]
    while let id = pending.popLast() {
      guard let record = source[id] else { continue }
      var values = record.fields.values.map(\.value)
      while let value = values.popLast() {
        switch value {
        case .link(let target): if seen.insert(target).inserted { pending.append(target) }
        case .list(let items): values.append(contentsOf: items)
        case .null, .scalar: break
        }
      }
    }
    return seen
  }
}

/// The JSON a cache that writes JSON would keep for the same image: records by id, each
/// with `__typename` and its fields by storage key, links as `{"__ref": id}` (as Apollo's
/// cache writes them), lists as arrays; then the operations with their variables, fetch
/// time, stale flag and seen record ids.
enum ScaledImageDump {
  static func object(_ image: StoreImage) -> [String: Any] {
    var records: [String: Any] = Dictionary(minimumCapacity: image.records.count)
    for record in image.records.records.values {
      var object: [String: Any] = Dictionary(minimumCapacity: record.fields.count + 1)
      if let typename = record.typename { object["__typename"] = typename }
      for (key, field) in record.fields {
        object[key] = value(field.value)
        if !field.errors.isEmpty { object[key + "#errors"] = field.errors.map { ["message": $0.message] } }
      }
      records[record.id.rawValue] = object
    }
    let operations: [[String: Any]] = image.operations.map { operation in
      [
        "operationID": operation.operationID, "name": operation.name,
        "variables": operation.variables.mapValues(json),
        "fetchedAt": operation.fetchedAt?.timeIntervalSinceReferenceDate ?? NSNull(),
        "isMarkedStale": operation.isMarkedStale,
        "seenRecords": operation.seenRecords.map(\.rawValue).sorted(),
      ]
    }
    return ["records": records, "operations": operations]
  }

  static func value(_ value: RecordValue) -> Any {
    switch value {
    case .null: NSNull()
    case .scalar(let scalar): json(scalar)
    case .link(let id): ["__ref": id.rawValue]
    case .list(let items): items.map(self.value)
    }
  }

  static func json(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let flag): flag
    case .number(let text): Int(text).map { NSNumber(value: $0) } ?? NSNumber(value: Double(text) ?? 0)
    case .string(let text): text
    case .array(let items): items.map(json)
    case .object(let members): Dictionary(members.map { ($0.key, json($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
  }

  static func data(_ image: StoreImage) throws -> Data {
    try JSONSerialization.data(withJSONObject: object(image))
  }
}
