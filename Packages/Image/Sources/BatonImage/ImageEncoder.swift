import BatonNormalizer
import BatonStore
import Foundation

/// Writes a `StoreImage` in `ImageFormat`: version 6, in sections a load reads on demand
/// (or, for tests of the older readers, version 5, or a version 4 payload).
///
/// Storage keys, object keys, typenames and operation names go through the string table, so
/// a key repeated on a thousand records is stored once; ids and values are written where
/// they occur, so a record reads from its own bytes. Each record is written after its byte
/// count, and the index maps its id's hash to it.
///
/// Nested values are written with a stack of containers on the heap, never by recursion, so
/// any thread can save. A value nesting deeper than `ImageFormat.maximumDepth` cannot be
/// loaded back, so it is left out: the record's field, or the operation, that holds it.
/// - Complexity: O(size of the image), one hash per occurrence of a shared string and one
///   of each record's id; a second pass when something is left out.
struct ImageEncoder {
  private var indices: [String: Int] = [:]
  private var strings: [String] = []
  /// What is being written: the records, then the operations, outbox and field ages.
  private var body = ByteWriter()
  private var recordBytes: [UInt8] = []
  /// The operations' seen records (versions 5 and 6).
  private var seen = ByteWriter()
  /// Each record's id hash and offset in the records section (versions 5 and 6).
  private var entries: [(hash: UInt64, offset: Int)] = []
  /// The section's records' bytes as the store's budget estimates them.
  private var estimatedBytes = 0
  /// Each record's offset in the records section, by id (versions 5 and 6): what a seen record
  /// the image holds is written as.
  private var offsets: [RecordID: Int] = [:]
  /// Whether it writes a version 4 payload: records without byte counts, seen records in
  /// their operations.
  private let whole: Bool
  /// Whether a version 5 or 6 file gets an index.
  private let indexed: Bool
  /// The version written: how an operation names its request (`ImageFormat.keyVersion`).
  private let version: UInt32
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

  /// A value of a record or a JSON value, as the next item of a container.
  private enum Item {
    case value(RecordValue)
    case json(JSONValue)
  }

  /// The last version whose payload is read whole, which `encode(_:version:)` can write
  /// for tests of the older readers.
  static let wholeVersion: UInt32 = 4

  /// The complete file for `image`, of `generation`, and what it leaves out; `version` 6,
  /// or 5 or `wholeVersion` for a test of the older readers. Without `indexed`, a version 5
  /// or 6 file has no index (no slots): what a change log frame embeds, which is read whole.
  static func encode(
    _ image: StoreImage, generation: UInt32 = 0, version: UInt32 = ImageFormat.version, indexed: Bool = true
  ) -> (file: [UInt8], dropped: [ImageDrop]) {
    let (parts, dropped) = encodeParts(image, generation: generation, version: version, indexed: indexed)
    guard parts.count > 1 else { return (parts.first ?? [], dropped) }
    var file: [UInt8] = []
    file.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { file.append(contentsOf: part) }
    return (file, dropped)
  }

  /// The file `encode` makes, as its parts in order (a version 5 or 6 file's header and
  /// directory, its sections, its chunk table), for a writer that writes one after another:
  /// a whole image of a large store is as large as its records, and joining the parts would
  /// hold it twice.
  static func encodeParts(
    _ image: StoreImage, generation: UInt32 = 0, version: UInt32 = ImageFormat.version, indexed: Bool = true
  ) -> (parts: [[UInt8]], dropped: [ImageDrop]) {
    let first = ImageEncoder(image, version: version, indexed: indexed)
    guard !first.dropped.isEmpty else { return (first.parts(generation: generation), []) }
    let second = ImageEncoder(image.leavingOut(first.dropped), version: version, indexed: indexed)
    return (second.parts(generation: generation), first.dropped)
  }

  private init(_ image: StoreImage, version: UInt32, indexed: Bool) {
    whole = version < ImageFormat.sectionsVersion
    self.indexed = indexed
    self.version = version
    body = ByteWriter(reservingCapacity: 64 * image.records.count)
    if !whole {
      entries.reserveCapacity(image.records.count)
      offsets.reserveCapacity(image.records.count)
    }
    if whole {
      records(image.records)
    } else {
      records(Self.readOrder(image).lazy.compactMap { image.records[$0] }, section: true)
    }
    recordBytes = body.bytes
    body = ByteWriter()
    operations(image.operations)
    outbox(image.outbox)
    fieldAges(image.fieldAges)
  }

  private func parts(generation: UInt32) -> [[UInt8]] {
    whole ? [payloadFile(generation: generation)] : sectionsParts(generation: generation)
  }

  /// Header, string table, records and the rest: a version 4 file.
  private func payloadFile(generation: UInt32) -> [UInt8] {
    var file = ByteWriter(reservingCapacity: ImageFormat.headerSize + recordBytes.count + body.bytes.count + 16)
    file.raw(repeatElement(0, count: ImageFormat.headerSize))
    file.count(strings.count)
    for string in strings {
      file.count(string.utf8.count)
      file.raw(string.utf8)
    }
    file.raw(recordBytes)
    file.raw(body.bytes)
    Self.sign(&file.bytes, version: Self.wholeVersion, generation: generation)
    return file.bytes
  }

  /// Header and directory, sections, chunk table: a version 5 or 6 file, in parts.
  private func sectionsParts(generation: UInt32) -> [[UInt8]] {
    var offsets = ByteWriter(reservingCapacity: 8 * (strings.count + 1))
    var stringBytes = ByteWriter()
    offsets.uint64(0)
    for string in strings {
      stringBytes.raw(string.utf8)
      offsets.uint64(UInt64(stringBytes.bytes.count))
    }
    let slotCount = indexed ? ImageIndex.slotCount(for: entries.count) : 0
    let index = ImageIndex.slots(entries, slotCount: slotCount)
    let sections = [offsets.bytes, stringBytes.bytes, index, recordBytes, seen.bytes, body.bytes]
    let checked = ImageFormat.headerSize + ImageDirectory.size + sections.reduce(0) { $0 + $1.count }
    let chunkCount = (checked + ImageFormat.chunkSize - 1) / ImageFormat.chunkSize
    let directory = ImageDirectory(
      stringCount: strings.count, recordCount: entries.count, slotCount: slotCount, estimatedBytes: estimatedBytes,
      lengths: sections.map(\.count) + [4 * chunkCount])
    var head = ByteWriter(reservingCapacity: ImageFormat.headerSize + ImageDirectory.size)
    let directoryBytes = directory.encoded()
    head.raw(Self.header(
      version: version, generation: generation, length: checked + 4 * chunkCount - ImageFormat.headerSize,
      check: Checksum.crc32c(directoryBytes)))
    head.raw(directoryBytes)
    let parts = [head.bytes] + sections
    return parts + [ChunkChecks.table(of: parts, chunkCount: chunkCount)]
  }

  /// The header that vouches for `payload` as format `version` (1 to 4), then the payload:
  /// a whole file.
  static func file(payload: [UInt8], version: UInt32 = wholeVersion) -> [UInt8] {
    var file = Array(repeatElement(0, count: ImageFormat.headerSize)) + payload
    sign(&file, version: version)
    return file
  }

  /// Writes the header over the first `ImageFormat.headerSize` bytes of `file`, for the
  /// payload after them; in place, so the payload is not copied.
  private static func sign(_ file: inout [UInt8], version: UInt32, generation: UInt32 = 0) {
    let payloadCRC = file.withUnsafeBytes { Checksum.crc32c(UnsafeRawBufferPointer(rebasing: $0[ImageFormat.headerSize...])) }
    let header = header(version: version, generation: generation, length: file.count - ImageFormat.headerSize, check: payloadCRC)
    file.replaceSubrange(0..<ImageFormat.headerSize, with: header)
  }

  /// A header for `length` bytes after it, vouched for by `check`.
  private static func header(version: UInt32, generation: UInt32, length: Int, check: UInt32) -> [UInt8] {
    var header = ByteWriter(reservingCapacity: ImageFormat.headerSize)
    header.raw(ImageFormat.magic)
    header.uint32(version)
    header.uint32(generation)
    header.uint64(UInt64(length))
    header.uint32(check)
    header.uint32(Checksum.crc32c(header.bytes))
    return header.bytes
  }

  /// A string through the table, or in place when `inPlace` (values, which rarely recur
  /// across records the way keys do).
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

  /// An id, in place.
  private static func id(_ id: RecordID, into writer: inout ByteWriter) {
    let count = id.utf8Count
    writer.count(count * 2 + 1)
    writer.text(of: id, count: count)
  }

  private mutating func id(_ id: RecordID) {
    Self.id(id, into: &body)
  }

  /// A count, then the records of `source` (a version 4 payload's, an outbox layer's).
  private mutating func records(_ source: RecordSource) {
    body.count(source.count)
    records(source.records.values, section: false)
  }

  /// Records one after another: version 4 records, or version 5 or 6 records each after its
  /// byte count; those of the records `section` the index and seen records find by offset.
  /// Read one at a time, so that a sequence that reads each record on demand holds one.
  private mutating func records(_ source: some Sequence<StoreRecord>, section: Bool) {
    for record in source {
      let start = body.bytes.count
      id(record.id)
      if section {
        let text = (body.bytes.count - record.id.utf8Count)...
        let hash = body.bytes.withUnsafeBytes { ImageIndex.hash(UnsafeRawBufferPointer(rebasing: $0[text])) }
        entries.append((hash, start))
        offsets[record.id] = start
        estimatedBytes += record.estimatedBytes
      }
      self.record(record)
      if !whole {
        var length = ByteWriter()
        length.count(body.bytes.count - start)
        body.bytes.insert(contentsOf: length.bytes, at: start)
      }
    }
  }

  /// An operation's seen records in their section (`LazyImageReader.seenRecords(at:)`):
  /// those the image holds as their records' offsets, each after the one before, so a
  /// seen record takes a byte or two; the others in place.
  private mutating func seenRecords(_ ids: Set<RecordID>) {
    var held: [Int] = []
    held.reserveCapacity(ids.count)
    var others: Set<RecordID> = []
    for id in ids {
      if let offset = offsets[id] { held.append(offset) } else { others.insert(id) }
    }
    held.sort()
    var list = ByteWriter(reservingCapacity: 2 * held.count + 8)
    list.count(held.count)
    var previous = 0
    for offset in held {
      list.count(offset - previous)
      previous = offset
    }
    recordIDs(others, into: &list)
    seen.count(list.bytes.count)
    seen.raw(list.bytes)
  }

  /// The ids of the image's records in the order reads meet them: those each operation
  /// saw, the most recently used operation first, then the rest. A screen's records then
  /// share a few chunks of the file, so its first read checks, and maps in, those few.
  /// Ids, not records: an image read on demand is encoded a record at a time, never all
  /// of its records in memory at once.
  private static func readOrder(_ image: StoreImage) -> [RecordID] {
    var placed = Set<RecordID>(minimumCapacity: image.records.count)
    var ordered: [RecordID] = []
    ordered.reserveCapacity(image.records.count)
    for operation in image.operations.reversed() {
      // An id the records lack is dropped where the ids are read back as records.
      for id in operation.seenRecords where placed.insert(id).inserted { ordered.append(id) }
    }
    image.records.forEachID { id in
      if placed.insert(id).inserted { ordered.append(id) }
    }
    return ordered
  }

  /// A count, then `ids`.
  private func recordIDs(_ ids: Set<RecordID>, into writer: inout ByteWriter) {
    writer.count(ids.count)
    for id in ids { Self.id(id, into: &writer) }
  }

  /// A record's typename and fields.
  private mutating func record(_ record: StoreRecord) {
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

  private mutating func errors(_ errors: [FieldError]) -> Bool {
    var fits = true
    body.count(errors.count)
    for error in errors {
      string(error.message, inPlace: true)
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
      var fits: Bool
      if version >= ImageFormat.keyVersion {
        // The variables as the key writes them, so that an open makes each key by joining
        // two strings, not by writing the variables again.
        let key = operation.key.utf8
        string(String(Substring(key.dropFirst(operation.operationID.utf8.count + 1))), inPlace: true)
        fits = operation.variablesAreInKey
          || !operation.variables.values.contains { $0.nests(deeperThan: ImageFormat.maximumDepth) }
      } else {
        fits = variables(operation.variables)
      }
      if let fetchedAt = operation.fetchedAt {
        body.byte(1)
        body.uint64(fetchedAt.timeIntervalSinceReferenceDate.bitPattern)
      } else {
        body.byte(0)
      }
      body.bool(operation.isMarkedStale)
      if whole {
        recordIDs(operation.seenRecords, into: &body)
      } else {
        body.count(seen.bytes.count)
        seenRecords(operation.seenRecords)
      }
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
      string(entry.id, inPlace: true)
      string(entry.operationID)
      string(entry.operationName)
      string(entry.document, inPlace: true)
      let fits = variables(entry.variables)
      records(entry.optimisticRecords)
      recordIDs(entry.optimisticDeletions, into: &body)
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
    // Each record's fields by key, so a record's ages read back as written.
    for (record, entries) in ages.fields {
      id(record)
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
      string(text, inPlace: true)
    case .json(.string(let text)):
      body.byte(ImageFormat.JSONTag.string.rawValue)
      string(text, inPlace: true)
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
