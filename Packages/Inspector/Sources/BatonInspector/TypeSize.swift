import BatonNormalizer

/// How much of the store one `__typename` takes: its records, their fields and roughly
/// how many bytes they would take as JSON (keys and values, no punctuation).
struct TypeSize: Sendable, Hashable {
  /// The typename, or `(none)` for records stored without one.
  var typename: String
  /// How many records have it.
  var records: Int
  /// How many fields those records hold.
  var fields: Int
  /// The UTF-8 bytes of their ids, field keys and scalar values.
  var bytes: Int

  /// Every type of `source`, the largest first (ties by name).
  ///
  /// - Complexity: O(fields and list items in `source`).
  static func all(in source: RecordSource) -> [TypeSize] {
    var sizes: [String: TypeSize] = [:]
    for record in source.records.values {
      let typename = record.typename ?? "(none)"
      var size = sizes[typename] ?? TypeSize(typename: typename, records: 0, fields: 0, bytes: 0)
      size.records += 1
      size.fields += record.fields.count
      size.bytes += record.id.rawValue.utf8.count
      for (key, field) in record.fields {
        size.bytes += key.utf8.count + byteCount(field.value)
        for error in field.errors { size.bytes += error.message.utf8.count }
      }
      sizes[typename] = size
    }
    return sizes.values.sorted { ($0.bytes, $1.typename) > ($1.bytes, $0.typename) }
  }

  private static func byteCount(_ value: RecordValue) -> Int {
    switch value {
    case .null: 4
    case .link(let id): id.rawValue.utf8.count
    case .scalar(let json): byteCount(json)
    case .list(let items): items.reduce(0) { $0 + byteCount($1) }
    }
  }

  private static func byteCount(_ json: JSONValue) -> Int {
    switch json {
    case .null: 4
    case .bool(let flag): flag ? 4 : 5
    case .number(let text), .string(let text): text.utf8.count
    case .array(let items): items.reduce(0) { $0 + byteCount($1) }
    case .object(let members): members.reduce(0) { $0 + $1.key.utf8.count + byteCount($1.value) }
    }
  }
}
