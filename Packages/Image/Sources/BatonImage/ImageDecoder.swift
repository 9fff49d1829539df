import BatonNormalizer
import BatonStore
import Foundation

/// Reads a file written by `ImageEncoder`, trusting nothing in it.
///
/// The header is checked first (magic, header checksum, version, length, payload
/// checksum), then every count, index, tag and string of the payload is checked as it is
/// read: a damaged file ends in an `ImageError`, never a trap, an absurd allocation or
/// data that was not written.
/// - Complexity: O(file size).
struct ImageDecoder {
  private var reader: ByteReader
  private var strings: [String] = []
  private var depth = 0

  private init(_ payload: UnsafeRawBufferPointer) {
    reader = ByteReader(payload)
  }

  static func decode(_ file: some ContiguousBytes) throws(ImageError) -> StoreImage {
    let result: Result<StoreImage, ImageError> = file.withUnsafeBytes { buffer in
      Result { () throws(ImageError) -> StoreImage in
        var decoder = ImageDecoder(try checkHeader(buffer))
        return try decoder.image()
      }
    }
    return try result.get()
  }

  /// The payload, once the header vouches for it.
  static func checkHeader(_ file: UnsafeRawBufferPointer) throws(ImageError) -> UnsafeRawBufferPointer {
    guard !file.isEmpty else { throw .empty }
    let magic = ImageFormat.magic
    let prefix = min(file.count, magic.count)
    guard file.prefix(prefix).elementsEqual(magic.prefix(prefix)) else { throw .foreign }
    guard file.count >= ImageFormat.headerSize else {
      throw .wrongLength(expected: UInt64(ImageFormat.headerSize), actual: file.count)
    }
    guard Checksum.crc32c(UnsafeRawBufferPointer(rebasing: file[0..<28])) == UInt32(littleEndianBytes: file, at: 28)
    else { throw .checksumMismatch("header") }
    let version = UInt32(littleEndianBytes: file, at: 8)
    guard version == ImageFormat.version else { throw .unsupportedVersion(version) }
    guard UInt32(littleEndianBytes: file, at: 12) == 0 else { throw .damaged("reserved header bytes are set", offset: 0) }
    let length = UInt64(UInt32(littleEndianBytes: file, at: 16)) | UInt64(UInt32(littleEndianBytes: file, at: 20)) << 32
    guard length == UInt64(file.count - ImageFormat.headerSize) else {
      throw .wrongLength(expected: length &+ UInt64(ImageFormat.headerSize), actual: file.count)
    }
    let payload = UnsafeRawBufferPointer(rebasing: file[ImageFormat.headerSize...])
    guard Checksum.crc32c(payload) == UInt32(littleEndianBytes: file, at: 24) else {
      throw .checksumMismatch("payload")
    }
    return payload
  }

  private mutating func image() throws(ImageError) -> StoreImage {
    try stringTable()
    let records = try self.records()
    let operations = try self.operations()
    guard reader.isAtEnd else { throw reader.damaged("\(reader.remaining) bytes follow the last operation") }
    return StoreImage(records: records, operations: operations)
  }

  private mutating func stringTable() throws(ImageError) {
    let count = try reader.count()
    strings.reserveCapacity(count)
    for _ in 0..<count {
      let length = try reader.count()
      let bytes = try reader.bytes(length)
      guard let string = Self.string(bytes) else { throw reader.damaged("a string is not valid UTF-8") }
      strings.append(string)
    }
  }

  /// ASCII (almost every key and id) skips the validating initializer, which is several
  /// times slower; anything else must be valid UTF-8, never repaired into other text.
  private static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
    if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Eight bytes at a time: no byte has its high bit set.
  private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    while bytes.count - index >= 8 {
      guard bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else { return false }
      index += 8
    }
    while index < bytes.count {
      guard bytes[index] < 0x80 else { return false }
      index += 1
    }
    return true
  }

  private mutating func string() throws(ImageError) -> String {
    let reference = try reader.varint()
    guard reference & 1 == 1 else {
      guard reference / 2 < UInt64(strings.count) else {
        throw reader.damaged("string \(reference / 2) is not in the table of \(strings.count)")
      }
      return strings[Int(reference / 2)]
    }
    guard reference / 2 <= UInt64(reader.remaining) else {
      throw reader.damaged("a string of \(reference / 2) bytes exceeds the \(reader.remaining) bytes left")
    }
    guard let string = Self.string(try reader.bytes(Int(reference / 2))) else {
      throw reader.damaged("a string is not valid UTF-8")
    }
    return string
  }

  private mutating func flag() throws(ImageError) -> Bool {
    try reader.bool()
  }

  private mutating func records() throws(ImageError) -> RecordSource {
    // The smallest record is an id, a typename flag and a field count: three bytes.
    let count = try reader.count(minimumItemSize: 3)
    var records: [Record] = []
    records.reserveCapacity(count)
    for _ in 0..<count {
      let id = RecordID(try string())
      let typename = try flag() ? try string() : nil
      let fieldCount = try reader.count(minimumItemSize: 3)
      var fields: [String: RecordField] = Dictionary(minimumCapacity: fieldCount)
      for _ in 0..<fieldCount {
        let key = try string()
        let field = RecordField(try value(), errors: try errors())
        guard fields.updateValue(field, forKey: key) == nil else {
          throw reader.damaged("record \(id) has the field \"\(key)\" twice")
        }
      }
      records.append(Record(id: id, typename: typename, fields: fields))
    }
    let source = RecordSource(records)
    guard source.count == records.count else { throw reader.damaged("a record id appears twice") }
    return source
  }

  private mutating func nested<T>(_ body: (inout ImageDecoder) throws(ImageError) -> T) throws(ImageError) -> T {
    depth += 1
    defer { depth -= 1 }
    guard depth <= ImageFormat.maximumDepth else { throw reader.damaged("values nest deeper than \(ImageFormat.maximumDepth)") }
    return try body(&self)
  }

  private mutating func value() throws(ImageError) -> RecordValue {
    let tag = try reader.byte()
    switch ImageFormat.ValueTag(rawValue: tag) {
    case .null: return .null
    case .scalar: return .scalar(try json())
    case .link: return .link(RecordID(try string()))
    case .list:
      let count = try reader.count()
      return try nested { decoder throws(ImageError) in
        var items: [RecordValue] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try decoder.value()) }
        return .list(items)
      }
    case nil: throw reader.damaged("\(tag) is not a value tag")
    }
  }

  private mutating func json() throws(ImageError) -> JSONValue {
    let tag = try reader.byte()
    switch ImageFormat.JSONTag(rawValue: tag) {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(try string())
    case .string: return .string(try string())
    case .array:
      let count = try reader.count()
      return try nested { decoder throws(ImageError) in
        var items: [JSONValue] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try decoder.json()) }
        return .array(items)
      }
    case .object:
      let count = try reader.count(minimumItemSize: 2)
      return try nested { decoder throws(ImageError) in
        var members: [JSONMember] = []
        members.reserveCapacity(count)
        for _ in 0..<count { members.append(JSONMember(try decoder.string(), try decoder.json())) }
        return .object(members)
      }
    case nil: throw reader.damaged("\(tag) is not a JSON tag")
    }
  }

  private mutating func errors() throws(ImageError) -> [FieldError] {
    // The smallest error is a message, a path count and an extensions flag.
    let count = try reader.count(minimumItemSize: 3)
    var errors: [FieldError] = []
    errors.reserveCapacity(count)
    for _ in 0..<count {
      let message = try string()
      let pathCount = try reader.count(minimumItemSize: 2)
      var path: [PathComponent] = []
      path.reserveCapacity(pathCount)
      for _ in 0..<pathCount {
        let tag = try reader.byte()
        switch ImageFormat.PathTag(rawValue: tag) {
        case .key: path.append(.key(try string()))
        case .index: path.append(.index(try reader.signed()))
        case nil: throw reader.damaged("\(tag) is not a path tag")
        }
      }
      // Not a ternary: `JSONValue` is nil-literal expressible, so `nil` there would mean `.null`.
      var extensions: JSONValue?
      if try flag() { extensions = try json() }
      errors.append(FieldError(message: message, path: path, extensions: extensions))
    }
    return errors
  }

  private mutating func operations() throws(ImageError) -> [OperationImage] {
    // The smallest operation: id, name, variable count, fetched flag, stale flag, seen
    // count, error count.
    let count = try reader.count(minimumItemSize: 7)
    var operations: [OperationImage] = []
    operations.reserveCapacity(count)
    var keys = Set<String>()
    for _ in 0..<count {
      let operationID = try string()
      let name = try string()
      let variableCount = try reader.count(minimumItemSize: 2)
      var variables: [String: JSONValue] = Dictionary(minimumCapacity: variableCount)
      for _ in 0..<variableCount {
        let variable = try string()
        guard variables.updateValue(try json(), forKey: variable) == nil else {
          throw reader.damaged("operation \(name) has the variable \"\(variable)\" twice")
        }
      }
      var fetchedAt: Date?
      if try flag() {
        let seconds = Double(bitPattern: try reader.uint64())
        guard seconds.isFinite else { throw reader.damaged("operation \(name) has no valid fetch time") }
        fetchedAt = Date(timeIntervalSinceReferenceDate: seconds)
      }
      let isMarkedStale = try flag()
      let seenCount = try reader.count()
      var seenRecords = Set<RecordID>(minimumCapacity: seenCount)
      for _ in 0..<seenCount { seenRecords.insert(RecordID(try string())) }
      let operation = OperationImage(
        operationID: operationID, name: name, variables: variables, fetchedAt: fetchedAt,
        isMarkedStale: isMarkedStale, seenRecords: seenRecords, operationErrors: try errors())
      guard keys.insert(operation.key).inserted else { throw reader.damaged("operation \(name) appears twice") }
      operations.append(operation)
    }
    return operations
  }
}
