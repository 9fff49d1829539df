import BatonNormalizer
import Foundation

extension Inspection {
  /// The inspection as JSON, the schema `Documentation/Inspector.md` documents
  /// (`"format": "baton-inspection", "version": 1`): summary, operations, records in id
  /// order, types and timeline.
  ///
  /// - Complexity: O(n log n) in the records (they are sorted by id), one pass to write.
  public var json: [UInt8] {
    var out = JSONBytes(reservingCapacity: 256 * records.count + 4096)
    write(into: &out)
    return out.bytes
  }

  /// The members after `format` that the documented JSON and the page's head share:
  /// version, source, now, live and the summary.
  func writeHeader(into out: inout JSONBytes) {
    out.key("version")
    out.number(1)
    out.key("source")
    out.string(source)
    out.key("now")
    out.string(Self.timestamp(now))
    out.key("live")
    out.bool(isLive)
    out.key("summary")
    out.raw("{")
    out.key("records", first: true)
    out.number(records.count)
    out.key("operations")
    out.number(operations.count)
    out.key("fieldErrors")
    out.number(fieldErrorCount)
    if let budget {
      out.key("budget")
      out.raw("{")
      out.key("maximumBytes", first: true)
      if let maximum = budget.maximumBytes { out.number(maximum) } else { out.raw("null") }
      out.key("bytes")
      out.number(budget.bytes)
      out.key("evictedRecords")
      out.number(budget.evictedRecords)
      out.raw("}")
    }
    out.raw("}")
  }

  func write(into out: inout JSONBytes) {
    out.raw("{")
    out.key("format", first: true)
    out.string("baton-inspection")
    writeHeader(into: &out)
    out.key("operations")
    out.array(operations) { out, operation in write(operation, into: &out) }
    out.key("records")
    out.array(sortedRecordIDs) { out, id in
      if let record = records[id] { write(record, into: &out) } else { out.raw("null") }
    }
    out.key("types")
    writeTypes(into: &out)
    out.key("timeline")
    out.array(timeline) { out, event in Self.write(event, into: &out) }
    out.raw("}")
  }

  func writeTypes(into out: inout JSONBytes) {
    out.array(TypeSize.all(in: records)) { out, size in
      out.raw("{")
      out.key("typename", first: true)
      out.string(size.typename)
      out.key("records")
      out.number(size.records)
      out.key("fields")
      out.number(size.fields)
      out.key("bytes")
      out.number(size.bytes)
      out.raw("}")
    }
  }

  /// An operation; `seen` writes its reached records (ids here, indices in the page).
  func write(
    _ operation: InspectedOperation, into out: inout JSONBytes,
    seen: (inout JSONBytes, [RecordID]) -> Void = { out, seen in out.array(seen) { out, id in out.string(id.rawValue) } }
  ) {
    out.raw("{")
    out.key("key", first: true)
    out.string(operation.key)
    out.key("operationID")
    out.string(operation.operationID)
    out.key("name")
    out.string(operation.name)
    out.key("variables")
    out.json(.object(operation.variables.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }))
    out.key("phase")
    out.string(operation.phase.rawValue)
    out.key("fetchedAt")
    out.optionalString(operation.fetchedAt.map(Self.timestamp))
    out.key("fetch")
    out.raw("{")
    out.key("state", first: true)
    out.string(operation.fetch.label)
    switch operation.fetch {
    case .idle: break
    case .inFlight(let since):
      out.key("at")
      out.string(Self.timestamp(since))
    case .retrying(let attempt, let next), .reconnecting(let next, let attempt):
      out.key("at")
      out.string(Self.timestamp(next))
      out.key("attempt")
      out.number(attempt)
    case .failed(let at, let reason):
      out.key("at")
      out.string(Self.timestamp(at))
      out.key("reason")
      out.string(reason)
    }
    out.raw("}")
    let reasons = operation.staleReasons(at: now)
    out.key("stale")
    out.bool(!reasons.isEmpty)
    out.key("staleReasons")
    out.array(reasons) { out, reason in out.string(reason) }
    out.key("staleDeadline")
    out.optionalString(operation.staleDeadline.map(Self.timestamp))
    out.key("holders")
    if let holders = operation.holders { out.number(holders) } else { out.raw("null") }
    out.key("operationErrors")
    out.array(operation.operationErrors) { out, error in Self.write(error, into: &out) }
    out.key("seenRecords")
    seen(&out, operation.seenRecords)
    out.raw("}")
  }

  func write(_ record: StoreRecord, into out: inout JSONBytes) {
    out.raw("{")
    out.key("id", first: true)
    out.string(record.id.rawValue)
    out.key("typename")
    out.optionalString(record.typename)
    out.key("fields")
    writeFields(of: record, into: &out)
    out.raw("}")
  }

  /// Each field's value, its stored errors, and its age when it has a max age.
  func writeFields(of record: StoreRecord, into out: inout JSONBytes) {
    out.raw("{")
    for (index, key) in record.fields.keys.sorted().enumerated() {
      guard let field = record.fields[key] else { continue }
      out.key(key, first: index == 0)
      out.raw("{")
      out.key("value", first: true)
      Self.write(field.value, into: &out)
      if !field.errors.isEmpty {
        out.key("errors")
        out.array(field.errors) { out, error in Self.write(error, into: &out) }
      }
      if let age = age(of: record.id, field: key) {
        out.key("age")
        out.raw("{")
        out.key("fetchedAt", first: true)
        out.string(Self.timestamp(age.fetchedAt))
        out.key("seconds")
        out.number(age.seconds)
        out.key("maxAge")
        out.number(age.maxAge)
        out.key("stale")
        out.bool(age.isStale)
        out.key("label")
        out.string(age.label)
        out.raw("}")
      }
      out.raw("}")
    }
    out.raw("}")
  }

  static func write(_ value: RecordValue, into out: inout JSONBytes) {
    switch value {
    case .null: out.raw("null")
    case .scalar(let json):
      out.raw("{\"scalar\":")
      out.json(json)
      out.raw("}")
    case .link(let id):
      out.raw("{\"link\":")
      out.string(id.rawValue)
      out.raw("}")
    case .list(let items):
      out.array(items) { out, item in write(item, into: &out) }
    }
  }

  static func write(_ error: FieldError, into out: inout JSONBytes) {
    out.raw("{")
    out.key("message", first: true)
    out.string(error.message)
    out.key("path")
    out.array(error.path) { out, component in
      switch component {
      case .key(let key): out.string(key)
      case .index(let index): out.number(index)
      }
    }
    out.key("extensions")
    if let extensions = error.extensions { out.json(extensions) } else { out.raw("null") }
    out.raw("}")
  }

  static func write(_ event: InspectedEvent, into out: inout JSONBytes) {
    out.raw("{")
    out.key("category", first: true)
    out.string(event.category)
    out.key("message")
    out.string(event.message)
    out.key("at")
    out.optionalString(event.at.map(timestamp))
    out.key("owner")
    out.optionalString(event.owner)
    out.key("record")
    out.optionalString(event.record?.rawValue)
    out.key("field")
    out.optionalString(event.field)
    out.key("errors")
    out.array(event.errors) { out, error in write(error, into: &out) }
    out.raw("}")
  }
}
