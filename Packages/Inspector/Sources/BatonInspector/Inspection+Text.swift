@_spi(Development) import BatonNormalizer
import Foundation

extension Inspection {
  /// The inspection for a terminal: operations (variables, last fetch, staleness and why,
  /// what the read reached), then every record with its fields, links and stored errors,
  /// then the size of each type.
  public var text: String {
    var lines: [String] = []
    let types = TypeSize.all(in: records)
    lines.append(
      "\(source): \(records.count) records, \(operations.count) operations, \(fieldErrorCount) stored field errors")
    if let budgetLabel { lines.append("store: " + budgetLabel) }
    lines.append("")
    lines.append("OPERATIONS")
    if operations.isEmpty { lines.append("  (none)") }
    for operation in operations { lines += textLines(operation) }
    lines.append("")
    lines.append("RECORDS")
    if records.isEmpty { lines.append("  (none)") }
    for id in sortedRecordIDs {
      guard let record = records[id] else { continue }
      lines += textLines(record)
    }
    lines.append("")
    lines.append("TYPES")
    let width = types.map(\.typename.count).max() ?? 0
    for size in types {
      lines.append(
        "  " + size.typename.padding(toLength: width, withPad: " ", startingAt: 0)
          + "  \(size.records) records, \(size.fields) fields, \(size.bytes) bytes")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func textLines(_ operation: InspectedOperation) -> [String] {
    var lines: [String] = []
    let variables = JSONValue.object(operation.variables.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) })
    lines.append("  \(operation.name) \(JSONWriter.string(variables, sortedKeys: true))")
    let fetched = operation.fetchedAt.map { "fetched \(Self.timestamp($0))" } ?? "never fetched"
    var fetch = "fetch \(operation.fetch.label)"
    switch operation.fetch {
    case .idle: break
    case .inFlight(let since): fetch += " since \(Self.timestamp(since))"
    case .retrying(let attempt, let next): fetch += " attempt \(attempt) at \(Self.timestamp(next))"
    case .reconnecting(let since, let attempt): fetch += " attempt \(attempt) since \(Self.timestamp(since))"
    case .failed(let at, let reason): fetch += " at \(Self.timestamp(at)): \(reason)"
    }
    lines.append("    phase \(operation.phase.rawValue); \(fetched); \(fetch)")
    let reasons = operation.staleReasons(at: now)
    if reasons.isEmpty {
      lines.append("    current")
    } else {
      for reason in reasons { lines.append("    STALE: \(reason)") }
    }
    for error in operation.operationErrors { lines.append("    operation error: \(Self.describe(error))") }
    lines.append("    reached \(operation.seenRecords.count) records")
    if !operation.seenRecords.isEmpty {
      lines.append("    read:")
      lines += ReadTree(records: records, seen: operation.seenRecords).lines(indent: 6)
    }
    return lines
  }

  private func textLines(_ record: StoreRecord) -> [String] {
    var lines = ["  \(record.id.rawValue)" + (record.typename.map { " (\($0))" } ?? "")]
    for key in record.fields.keys.sorted() {
      guard let field = record.fields[key] else { continue }
      let age = age(of: record.id, field: key).map { " (\($0.label))" } ?? ""
      lines.append("    \(key): \(Self.describe(field.value))\(age)")
      for error in field.errors { lines.append("      ERROR \(Self.describe(error))") }
    }
    return lines
  }

  static func describe(_ value: RecordValue) -> String {
    switch value {
    case .null: "null"
    case .scalar(let json): JSONWriter.string(json, sortedKeys: true)
    case .link(let id): "→ \(id.rawValue)"
    case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
    }
  }

  static func describe(_ error: FieldError) -> String {
    var text = "\"\(error.message)\""
    if !error.path.isEmpty { text += " at " + error.path.map(\.description).joined(separator: ".") }
    if let extensions = error.extensions { text += " extensions " + JSONWriter.string(extensions, sortedKeys: true) }
    return text
  }

  static func timestamp(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }
}
