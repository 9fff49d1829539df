import BatonNormalizer
import BatonStore
import Foundation

/// Writes a `StoreImage` in `ImageFormat`: header, string table, records, operations, outbox.
///
/// Ids, storage keys, typenames, numbers and short string values go through the string
/// table, so a key repeated on a thousand records is stored once and decoded once; long
/// string values are written where they occur.
///
/// Nested values are written with a stack of containers on the heap, never by recursion, so
/// any thread can save. A value nesting deeper than `ImageFormat.maximumDepth` cannot be
/// loaded back, so it is left out: the record's field, or the operation, that holds it.
/// - Complexity: O(size of the image), one hash per occurrence of a string that is not an
///   id (an id brings its hash along); a second pass when something is left out.
struct ImageEncoder {
  private var indices: [String: Int] = [:]
  /// Ids apart from other strings: a `RecordID` carries its hash, so a long path id is not
  /// hashed again for each of its occurrences (as a record, in links, in seen records).
  private var idIndices: [RecordID: Int] = [:]
  private var strings: [TableEntry] = []
  private var body = ByteWriter()
  /// The containers being written, outermost first.
  private var containers: [Container] = []
  /// What did not fit; a pass that drops anything is discarded and the image written again without it.
  private var dropped: [ImageDrop] = []

  /// The rest of a container still to be written.
  private enum Container {
    case list(RecordList.Iterator)
    case array(IndexingIterator<[JSONValue]>)
    case object(IndexingIterator<[JSONMember]>)
  }

  /// A string of the table: an id is kept as the id and its text written from its parts, so
  /// that no id made of parts is made into text to be saved.
  private enum TableEntry {
    case string(String)
    /// An id and the length of its text.
    case id(RecordID, Int)
  }

  /// A value of a record or a JSON value, as the next item of a container.
  private enum Item {
    case value(RecordValue)
    case json(JSONValue)
  }

  /// The complete file for `image`, of `generation`, and what it leaves out.
  static func encode(_ image: StoreImage, generation: UInt32 = 0) -> (file: [UInt8], dropped: [ImageDrop]) {
    let first = ImageEncoder(image)
    guard !first.dropped.isEmpty else { return (first.file(generation: generation), []) }
    return (ImageEncoder(image.leavingOut(first.dropped)).file(generation: generation), first.dropped)
  }

  private init(_ image: StoreImage) {
    body = ByteWriter(reservingCapacity: 64 * image.records.count)
    idIndices.reserveCapacity(image.records.count)
    records(image.records)
    operations(image.operations)
    outbox(image.outbox)
    fieldAges(image.fieldAges)
  }

  /// Header, string table and body written into one buffer: the body is copied once.
  private func file(generation: UInt32) -> [UInt8] {
    var tableSize = 0
    for entry in strings {
      switch entry {
      case .string(let string): tableSize += string.utf8.count + 2
      case .id(_, let count): tableSize += count + 2
      }
    }
    var file = ByteWriter(reservingCapacity: ImageFormat.headerSize + tableSize + body.bytes.count + 10)
    file.raw(repeatElement(0, count: ImageFormat.headerSize))
    file.count(strings.count)
    for entry in strings {
      switch entry {
      case .string(let string):
        file.count(string.utf8.count)
        file.raw(string.utf8)
      case .id(let id, let count):
        file.count(count)
        file.text(of: id, count: count)
      }
    }
    file.raw(body.bytes)
    Self.sign(&file.bytes, generation: generation)
    return file.bytes
  }

  /// The header that vouches for `payload` as format `version`, then the payload: a whole file.
  static func file(payload: [UInt8], version: UInt32 = ImageFormat.version) -> [UInt8] {
    var file = Array(repeatElement(0, count: ImageFormat.headerSize)) + payload
    sign(&file, version: version)
    return file
  }

  /// Writes the header over the first `ImageFormat.headerSize` bytes of `file`, for the
  /// payload after them; in place, so the payload is not copied.
  private static func sign(_ file: inout [UInt8], version: UInt32 = ImageFormat.version, generation: UInt32 = 0) {
    let payloadCRC = file.withUnsafeBytes { Checksum.crc32c(UnsafeRawBufferPointer(rebasing: $0[ImageFormat.headerSize...])) }
    var header = ByteWriter(reservingCapacity: ImageFormat.headerSize)
    header.raw(ImageFormat.magic)
    header.uint32(version)
    header.uint32(generation)
    header.uint64(UInt64(file.count - ImageFormat.headerSize))
    header.uint32(payloadCRC)
    header.uint32(Checksum.crc32c(header.bytes))
    file.replaceSubrange(0..<ImageFormat.headerSize, with: header.bytes)
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
      strings.append(.string(string))
    }
  }

  private mutating func id(_ id: RecordID) {
    body.count(index(of: id) * 2)
  }

  private mutating func index(of id: RecordID) -> Int {
    if let index = idIndices[id] { return index }
    let index = strings.count
    idIndices[id] = index
    strings.append(.id(id, id.utf8Count))
    return index
  }

  private mutating func records(_ source: RecordSource) {
    body.count(source.count)
    for record in source.records.values {
      id(record.id)
      if let typename = record.typename {
        body.byte(1)
        string(typename)
      } else {
        body.byte(0)
      }
      body.count(record.fields.count)
      for (key, field) in record.fields {
        string(key)
        let valueFits = write(.value(field.value))
        let errorsFit = errors(field.errors)
        if !(valueFits && errorsFit) { dropped.append(ImageDrop(.field(record.id, key))) }
      }
    }
  }

  private mutating func errors(_ errors: [FieldError]) -> Bool {
    var fits = true
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
        fits = write(.json(extensions)) && fits
      } else {
        body.byte(0)
      }
    }
    return fits
  }

  private mutating func operations(_ operations: [OperationImage]) {
    body.count(operations.count)
    for (position, operation) in operations.enumerated() {
      string(operation.operationID)
      string(operation.name)
      var fits = variables(operation.variables)
      if let fetchedAt = operation.fetchedAt {
        body.byte(1)
        body.uint64(fetchedAt.timeIntervalSinceReferenceDate.bitPattern)
      } else {
        body.byte(0)
      }
      body.bool(operation.isMarkedStale)
      body.count(operation.seenRecords.count)
      // Sorted by table index, not by text: the order is only there to be stable, and
      // comparing long path ids with a shared prefix is what sorting them costs.
      for index in operation.seenRecords.map({ index(of: $0) }).sorted() { body.count(index * 2) }
      fits = errors(operation.operationErrors) && fits
      if !fits { dropped.append(ImageDrop(.operation(at: position, name: operation.name))) }
    }
  }

  /// A request's variables by name; `false` when a value does not fit (too deep).
  private mutating func variables(_ variables: [String: JSONValue]) -> Bool {
    body.count(variables.count)
    var fits = true
    for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
      string(name)
      fits = write(.json(value)) && fits
    }
    return fits
  }

  private mutating func outbox(_ entries: [OutboxEntry]) {
    body.count(entries.count)
    for (position, entry) in entries.enumerated() {
      let droppedBefore = dropped.count
      string(entry.id)
      string(entry.operationID)
      string(entry.operationName)
      string(entry.document, inPlace: entry.document.utf8.count > ImageFormat.maximumInternedLength)
      let fits = variables(entry.variables)
      records(entry.optimisticRecords)
      body.count(entry.optimisticDeletions.count)
      for index in entry.optimisticDeletions.map({ index(of: $0) }).sorted() { body.count(index * 2) }
      // A layer's field that does not fit costs the entry: a layer with a field left out
      // would show something the mutation never said.
      if !fits || dropped.count > droppedBefore {
        dropped.removeSubrange(droppedBefore...)
        dropped.append(ImageDrop(.outboxEntry(at: position, id: entry.id)))
      }
    }
  }

  private mutating func fieldAges(_ ages: FieldAges) {
    body.count(ages.commitTimes.count)
    for time in ages.commitTimes { body.uint64(Date(timeIntervalSince1970: time).timeIntervalSinceReferenceDate.bitPattern) }
    body.count(ages.fields.count)
    // In table order, each record's fields by key: the same ages make the same bytes.
    for (index, record) in ages.fields.keys.map({ (index(of: $0), $0) }).sorted(by: { $0.0 < $1.0 }) {
      body.count(index * 2)
      let entries = ages.fields[record] ?? [:]
      body.count(entries.count)
      for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
        string(key)
        body.count(entry.commit)
        body.uint64(entry.maxAge.bitPattern)
      }
    }
  }

  // MARK: Nested values

  /// Writes `item` whole; `false` when it nests deeper than `ImageFormat.maximumDepth`
  /// (what is written of it then is garbage, and the pass is discarded).
  private mutating func write(_ item: Item) -> Bool {
    // Most values are leaves: no container stack for them.
    guard let root = open(item) else { return true }
    containers.removeAll(keepingCapacity: true)
    containers.append(root)
    while var container = containers.popLast() {
      let next: Item
      switch container {
      case .list(var items):
        guard let item = items.next() else { continue }
        container = .list(items)
        next = .value(item)
      case .array(var items):
        guard let item = items.next() else { continue }
        container = .array(items)
        next = .json(item)
      case .object(var members):
        guard let member = members.next() else { continue }
        container = .object(members)
        string(member.key)
        next = .json(member.value)
      }
      containers.append(container)
      if let inner = open(next) {
        guard containers.count < ImageFormat.maximumDepth else { return false }
        containers.append(inner)
      }
    }
    return true
  }

  /// Writes a leaf whole, or a container's tag and count and returns it to be filled.
  private mutating func open(_ item: Item) -> Container? {
    switch item {
    case .value(.null):
      body.byte(ImageFormat.ValueTag.null.rawValue)
    case .value(.scalar(let json)):
      body.byte(ImageFormat.ValueTag.scalar.rawValue)
      return open(.json(json))
    case .value(.link(let id)):
      body.byte(ImageFormat.ValueTag.link.rawValue)
      self.id(id)
    case .value(.list(let items)):
      body.byte(ImageFormat.ValueTag.list.rawValue)
      body.count(items.count)
      return .list(items.makeIterator())
    case .json(.null):
      body.byte(ImageFormat.JSONTag.null.rawValue)
    case .json(.bool(let flag)):
      body.byte(flag ? ImageFormat.JSONTag.true.rawValue : ImageFormat.JSONTag.false.rawValue)
    case .json(.number(let text)):
      body.byte(ImageFormat.JSONTag.number.rawValue)
      string(text)
    case .json(.string(let text)):
      body.byte(ImageFormat.JSONTag.string.rawValue)
      string(text, inPlace: text.utf8.count > ImageFormat.maximumInternedLength)
    case .json(.array(let items)):
      body.byte(ImageFormat.JSONTag.array.rawValue)
      body.count(items.count)
      return .array(items.makeIterator())
    case .json(.object(let members)):
      body.byte(ImageFormat.JSONTag.object.rawValue)
      body.count(members.count)
      return .object(members.makeIterator())
    }
    return nil
  }
}
