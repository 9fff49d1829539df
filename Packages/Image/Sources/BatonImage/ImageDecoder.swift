import BatonNormalizer
import BatonStore
import Foundation

/// Reads a file written by `ImageEncoder`, trusting nothing in it.
///
/// The header is checked first (magic, header checksum, version, length, payload
/// checksum), then every count, index, tag and string of the payload is checked as it is
/// read: a damaged file ends in an `ImageError`, never a trap, an absurd allocation or
/// data that was not written.
///
/// Nested values are read with a stack of containers on the heap, never by recursion, so
/// any thread can load. A value nesting deeper than `ImageFormat.maximumDepth` (which
/// this encoder never writes) is read past and left out with the record's field or the
/// operation that holds it, so one such value costs that value, not the file.
/// - Complexity: O(file size).
struct ImageDecoder {
  var reader: ByteReader
  private var strings: [String] = []
  /// The `RecordID` of each table entry read as an id, made once: an id's hash is computed
  /// when it is made, and a record's id recurs in links and seen records.
  private var ids: [RecordID?] = []
  /// The containers being read, outermost first.
  private var containers: [Container] = []
  /// Whether the value being read nests too deep; its containers are then read, not kept.
  /// False between values.
  private var tooDeep = false
  var dropped: [ImageDrop] = []
  /// A version 5 or 6 file's string table and sections, read on demand; `nil` before.
  let table: LazyImageReader?
  /// How a version 5 or 6 file's operations get their seen records.
  let seen: SeenRecords

  /// Where a version 5 or 6 operation's seen records come from: its offset in their section.
  enum SeenRecords {
    /// Written in the operation (before version 5).
    case inPlace
    /// Read with the operation, from the sections of the file.
    case read
    /// Read the first time something asks for them, by the backing of the file's records.
    case onDemand(ImageRecords)

    var isInPlace: Bool {
      if case .inPlace = self { true } else { false }
    }
  }

  /// A list, array or object being read: what it holds so far and how many items are left.
  private struct Container {
    enum Kind {
      case list, array, object
    }

    let kind: Kind
    var remaining: Int
    var values: [RecordValue] = []
    var items: [JSONValue] = []
    var members: [JSONMember] = []
    /// An object's key for the member being read.
    var key = ""

    init(_ kind: Kind, count: Int, keeps: Bool) {
      self.kind = kind
      remaining = count
      guard keeps else { return }
      switch kind {
      case .list: values.reserveCapacity(count)
      case .array: items.reserveCapacity(count)
      case .object: members.reserveCapacity(count)
      }
    }
  }

  /// A finished value: a record's or a JSON value (inside a list, a scalar).
  private enum Item {
    case value(RecordValue)
    case json(JSONValue)
  }

  /// The format version of the file being read.
  let version: UInt32

  /// A decoder of `bytes`, part of a file of `version`; a version 5 or 6 file's string table
  /// and sections are read through `table`.
  init(_ bytes: UnsafeRawBufferPointer, version: UInt32, table: LazyImageReader? = nil, seen: SeenRecords = .inPlace) {
    reader = ByteReader(bytes)
    self.version = version
    self.table = table
    self.seen = seen
  }

  /// The image in a payload of version 1 to 4.
  mutating func image() throws(ImageError) -> StoreImage {
    try stringTable()
    let records = try self.records()
    let (operations, outbox, fieldAges) = try rest()
    return StoreImage(records: records, operations: operations, outbox: outbox, fieldAges: fieldAges)
  }

  func expectEnd() throws(ImageError) {
    guard reader.isAtEnd else { throw reader.damaged("\(reader.remaining) bytes follow the last section") }
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
    ids = Array(repeating: nil, count: count)
  }

  /// ASCII (almost every key and id) skips the validating initializer, which is several
  /// times slower; anything else must be valid UTF-8, never repaired into other text.
  static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
    if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
    return String(strictUTF8: bytes)
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

  mutating func string() throws(ImageError) -> String {
    let reference = try reader.varint()
    guard reference & 1 == 1 else {
      let index = try tableIndex(reference)
      return try table?.string(index) ?? strings[index]
    }
    return try inPlaceString(reference)
  }

  mutating func recordID() throws(ImageError) -> RecordID {
    let reference = try reader.varint()
    guard reference & 1 == 0 else { return RecordID(try inPlaceString(reference)) }
    let index = try tableIndex(reference)
    if let table { return RecordID(try table.string(index)) }
    if let id = ids[index] { return id }
    let id = RecordID(strings[index])
    ids[index] = id
    return id
  }

  private func tableIndex(_ reference: UInt64) throws(ImageError) -> Int {
    let count = table?.directory.stringCount ?? strings.count
    guard reference / 2 < UInt64(count) else {
      throw reader.damaged("string \(reference / 2) is not in the table of \(count)")
    }
    return Int(reference / 2)
  }

  private mutating func inPlaceString(_ reference: UInt64) throws(ImageError) -> String {
    guard reference / 2 <= UInt64(reader.remaining) else {
      throw reader.damaged("a string of \(reference / 2) bytes exceeds the \(reader.remaining) bytes left")
    }
    guard let string = Self.string(try reader.bytes(Int(reference / 2))) else {
      throw reader.damaged("a string is not valid UTF-8")
    }
    return string
  }

  mutating func flag() throws(ImageError) -> Bool {
    try reader.bool()
  }

  /// A count, then that many records (each after its byte count from version 5 on).
  mutating func records() throws(ImageError) -> RecordSource {
    // The smallest record is an id, a typename flag and a field count: three bytes.
    let count = try reader.count(minimumItemSize: 3)
    var records: [RecordID: StoreRecord] = Dictionary(minimumCapacity: count)
    for _ in 0..<count {
      let record = try version >= ImageFormat.sectionsVersion ? prefixedRecord() : self.record()
      guard records.updateValue(record, forKey: record.id) == nil else {
        throw reader.damaged("the record id \(record.id) appears twice")
      }
    }
    return RecordSource(records: records)
  }

  /// Records, each after its byte count, to the end: a version 5 or 6 records section.
  mutating func recordsSection() throws(ImageError) -> [RecordID: StoreRecord] {
    var records: [RecordID: StoreRecord] = [:]
    while !reader.isAtEnd {
      let record = try prefixedRecord()
      guard records.updateValue(record, forKey: record.id) == nil else {
        throw reader.damaged("the record id \(record.id) appears twice")
      }
    }
    return records
  }

  /// A record after its byte count, which must be the record's.
  private mutating func prefixedRecord() throws(ImageError) -> StoreRecord {
    let length = try reader.count()
    let end = reader.offset + length
    let record = try self.record()
    guard reader.offset == end else { throw reader.damaged("record \(record.id) is not \(length) bytes long") }
    return record
  }

  /// One record: id, typename, fields. A field whose value nests too deep is left out.
  mutating func record() throws(ImageError) -> StoreRecord {
    let id = try recordID()
    let typename = try flag() ? try string() : nil
    let fieldCount = try reader.count(minimumItemSize: 3)
    var fields = RecordFields(minimumCapacity: fieldCount)
    for _ in 0..<fieldCount {
      let key = try string()
      let value = try self.value()
      let errors = try self.errors()
      guard let value, let errors else {
        dropped.append(ImageDrop(.field(id, key)))
        continue
      }
      guard fields.updateValue(RecordField(value, errors: errors), forKey: key) == nil else {
        throw reader.damaged("record \(id) has the field \"\(key)\" twice")
      }
    }
    return StoreRecord(id: id, typename: typename, fields: fields)
  }

  /// A count, then that many record ids.
  mutating func recordIDs() throws(ImageError) -> Set<RecordID> {
    let count = try reader.count()
    var ids = Set<RecordID>(minimumCapacity: count)
    for _ in 0..<count { ids.insert(try recordID()) }
    return ids
  }

  /// A record's value, or `nil` when it nests too deep (it is read past).
  mutating func value() throws(ImageError) -> RecordValue? {
    let tag = try reader.byte()
    switch ImageFormat.ValueTag(rawValue: tag) {
    case .null: return .null
    case .link: return .link(try recordID())
    case .scalar:
      if let leaf = try leafOrOpen(try reader.byte()) { return .scalar(leaf) }
    case .list: try open(.list)
    case nil: throw reader.damaged("\(tag) is not a value tag")
    }
    switch try nested() {
    case .value(let value)?: return value
    case .json(let json)?: return .scalar(json)
    case nil: return nil
    }
  }

  /// A JSON value, or `nil` when it nests too deep (it is read past).
  mutating func json() throws(ImageError) -> JSONValue? {
    if let leaf = try leafOrOpen(try reader.byte()) { return leaf }
    guard case .json(let json)? = try nested() else { return nil }
    return json
  }

  /// The JSON value a leaf tag starts; for an array or object, `nil` once its container is open.
  private mutating func leafOrOpen(_ tag: UInt8) throws(ImageError) -> JSONValue? {
    switch ImageFormat.JSONTag(rawValue: tag) {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(try string())
    case .string: return .string(try string())
    case .array: try open(.array)
    case .object: try open(.object)
    case nil: throw reader.damaged("\(tag) is not a JSON tag")
    }
    return nil
  }

  private mutating func open(_ kind: Container.Kind) throws(ImageError) {
    // An object's smallest member is a key and a value: two bytes.
    let count = try reader.count(minimumItemSize: kind == .object ? 2 : 1)
    if containers.count >= ImageFormat.maximumDepth { tooDeep = true }
    containers.append(Container(kind, count: count, keeps: !tooDeep))
  }

  /// Reads the containers opened until the outermost one is done: the value, or `nil`
  /// when it nests too deep.
  private mutating func nested() throws(ImageError) -> Item? {
    defer { tooDeep = false }
    while let top = containers.indices.last {
      guard containers[top].remaining > 0 else {
        let done = containers.removeLast()
        let item: Item =
          switch done.kind {
          case .list: .value(.list(done.values))
          case .array: .json(.array(done.items))
          case .object: .json(.object(done.members))
          }
        guard !containers.isEmpty else { return tooDeep ? nil : item }
        add(item)
        continue
      }
      switch containers[top].kind {
      case .list:
        let tag = try reader.byte()
        switch ImageFormat.ValueTag(rawValue: tag) {
        case .null: add(.value(.null))
        case .link: add(.value(.link(try recordID())))
        case .scalar:
          if let leaf = try leafOrOpen(try reader.byte()) { add(.json(leaf)) }
        case .list: try open(.list)
        case nil: throw reader.damaged("\(tag) is not a value tag")
        }
      case .array:
        if let leaf = try leafOrOpen(try reader.byte()) { add(.json(leaf)) }
      case .object:
        containers[top].key = try string()
        if let leaf = try leafOrOpen(try reader.byte()) { add(.json(leaf)) }
      }
    }
    return nil
  }

  /// Adds a finished item to the innermost open container.
  private mutating func add(_ item: Item) {
    let top = containers.count - 1
    containers[top].remaining -= 1
    guard !tooDeep else { return }
    switch item {
    // Only a list's items are read with value tags.
    case .value(let value): containers[top].values.append(value)
    case .json(let json):
      switch containers[top].kind {
      case .list: containers[top].values.append(.scalar(json))
      case .array: containers[top].items.append(json)
      case .object: containers[top].members.append(JSONMember(containers[top].key, json))
      }
    }
  }

  /// A stored list of errors, or `nil` when an error's extensions nest too deep.
  mutating func errors() throws(ImageError) -> [FieldError]? {
    // The smallest error is a message, a path count and an extensions flag.
    let count = try reader.count(minimumItemSize: 3)
    var errors: [FieldError] = []
    errors.reserveCapacity(count)
    var fits = true
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
      if try flag() {
        extensions = try json()
        if extensions == nil { fits = false }
      }
      errors.append(FieldError(message: message, path: path, extensions: extensions))
    }
    return fits ? errors : nil
  }
}
