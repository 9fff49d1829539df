import BatonNormalizer
import BatonStore
import Foundation

/// Writes a `StoreImage` in `ImageFormat`: header, string table, records, operations.
///
/// Ids, storage keys, typenames, numbers and short string values go through the string
/// table, so a key repeated on a thousand records is stored once and decoded once; long
/// string values are written where they occur.
/// - Complexity: O(size of the image), one hash per string occurrence.
struct ImageEncoder {
  private var indices: [String: Int] = [:]
  private var strings: [String] = []
  private var body = ByteWriter()

  /// The complete file for `image`.
  static func encode(_ image: StoreImage) -> [UInt8] {
    var encoder = ImageEncoder()
    encoder.body = ByteWriter(reservingCapacity: 64 * image.records.count)
    encoder.records(image.records)
    encoder.operations(image.operations)
    return encoder.file()
  }

  private func file() -> [UInt8] {
    var table = ByteWriter(reservingCapacity: strings.count * 16)
    table.count(strings.count)
    for string in strings {
      table.count(string.utf8.count)
      table.raw(string.utf8)
    }
    var payload = table.bytes
    payload.append(contentsOf: body.bytes)

    var header = ByteWriter(reservingCapacity: ImageFormat.headerSize + payload.count)
    header.raw(ImageFormat.magic)
    header.uint32(ImageFormat.version)
    header.uint32(0)
    header.uint64(UInt64(payload.count))
    header.uint32(Checksum.crc32c(payload))
    header.uint32(Checksum.crc32c(header.bytes))
    header.raw(payload)
    return header.bytes
  }

  /// A string through the table, or in place when `inPlace` (long string values).
  private mutating func string(_ string: String, inPlace: Bool = false) {
    if inPlace {
      body.count(string.utf8.count * 2 + 1)
      body.raw(string.utf8)
    } else if let index = indices[string] {
      body.count(index * 2)
    } else {
      indices[string] = strings.count
      body.count(strings.count * 2)
      strings.append(string)
    }
  }

  private mutating func records(_ source: RecordSource) {
    body.count(source.count)
    for record in source.records.values {
      string(record.id.rawValue)
      if let typename = record.typename {
        body.byte(1)
        string(typename)
      } else {
        body.byte(0)
      }
      body.count(record.fields.count)
      for (key, field) in record.fields {
        string(key)
        value(field.value)
        errors(field.errors)
      }
    }
  }

  private mutating func value(_ value: RecordValue) {
    switch value {
    case .null:
      body.byte(ImageFormat.ValueTag.null.rawValue)
    case .scalar(let json):
      body.byte(ImageFormat.ValueTag.scalar.rawValue)
      self.json(json)
    case .link(let id):
      body.byte(ImageFormat.ValueTag.link.rawValue)
      string(id.rawValue)
    case .list(let items):
      body.byte(ImageFormat.ValueTag.list.rawValue)
      body.count(items.count)
      for item in items { self.value(item) }
    }
  }

  private mutating func json(_ value: JSONValue) {
    switch value {
    case .null: body.byte(ImageFormat.JSONTag.null.rawValue)
    case .bool(let flag): body.byte(flag ? ImageFormat.JSONTag.true.rawValue : ImageFormat.JSONTag.false.rawValue)
    case .number(let text):
      body.byte(ImageFormat.JSONTag.number.rawValue)
      string(text)
    case .string(let text):
      body.byte(ImageFormat.JSONTag.string.rawValue)
      string(text, inPlace: text.utf8.count > ImageFormat.maximumInternedLength)
    case .array(let items):
      body.byte(ImageFormat.JSONTag.array.rawValue)
      body.count(items.count)
      for item in items { json(item) }
    case .object(let members):
      body.byte(ImageFormat.JSONTag.object.rawValue)
      body.count(members.count)
      for member in members {
        string(member.key)
        json(member.value)
      }
    }
  }

  private mutating func errors(_ errors: [FieldError]) {
    body.count(errors.count)
    for error in errors {
      string(error.message)
      body.count(error.path.count)
      for component in error.path {
        switch component {
        case .key(let key):
          body.byte(ImageFormat.PathTag.key.rawValue)
          string(key)
        case .index(let index):
          body.byte(ImageFormat.PathTag.index.rawValue)
          body.signed(index)
        }
      }
      if let extensions = error.extensions {
        body.byte(1)
        json(extensions)
      } else {
        body.byte(0)
      }
    }
  }

  private mutating func operations(_ operations: [OperationImage]) {
    body.count(operations.count)
    for operation in operations {
      string(operation.operationID)
      string(operation.name)
      body.count(operation.variables.count)
      for (name, value) in operation.variables.sorted(by: { $0.key < $1.key }) {
        string(name)
        json(value)
      }
      if let fetchedAt = operation.fetchedAt {
        body.byte(1)
        body.uint64(fetchedAt.timeIntervalSinceReferenceDate.bitPattern)
      } else {
        body.byte(0)
      }
      body.bool(operation.isMarkedStale)
      body.count(operation.seenRecords.count)
      for id in operation.seenRecords.sorted() { string(id.rawValue) }
      errors(operation.operationErrors)
    }
  }
}
