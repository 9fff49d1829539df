@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// Reads the sections of a version 5 or 6 image on demand: a string of the table by its index,
/// a record by its id through the index, an operation's seen records by their offset.
///
/// Trusts nothing it reads: every offset, length and index from the file is checked
/// against its section before it is used, and with `checks` every chunk a read touches is
/// checked against its checksum first (a damaged one throws `checksumMismatch`). Without
/// `checks` the caller has checked the whole file (`ChunkChecks.verifyAll`).
///
/// Only valid while the buffer it was made over is: callers make one inside a
/// `withUnsafeBytes` call.
struct LazyImageReader {
  let file: UnsafeRawBufferPointer
  let directory: ImageDirectory
  let checks: ChunkChecks?
  /// The table's strings made already, by index (`nil` where one could not be read), or
  /// none: a record's keys and typename then share them instead of each read making its own.
  var madeStrings: [String?] = []

  /// The bytes of `range` of the file, once their chunks are checked; `range` must lie in
  /// the checked bytes (the caller bounds it by a section).
  func bytes(_ range: Range<Int>) throws(ImageError) -> UnsafeRawBufferPointer {
    if let checks, !checks.verify(range, in: file) {
      throw .checksumMismatch("chunk \(range.lowerBound / directory.chunkSize)")
    }
    return UnsafeRawBufferPointer(rebasing: file[range])
  }

  /// The UInt64 at `offset` of the file, whose eight bytes are checked already.
  private func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  // MARK: Strings

  /// The UTF-8 of entry `index` of the string table.
  func stringBytes(_ index: Int) throws(ImageError) -> UnsafeRawBufferPointer {
    guard index >= 0, index < directory.stringCount else {
      throw damaged("string \(index) is not in the table of \(directory.stringCount)")
    }
    let offsets = directory[.stringOffsets].lowerBound + 8 * index
    let pair = try bytes(offsets..<(offsets + 16))
    let (start, end) = (word(pair, at: 0), word(pair, at: 8))
    let section = directory[.stringBytes]
    guard start <= end, end <= UInt64(section.count) else { throw damaged("string \(index) lies outside the table") }
    return try bytes((section.lowerBound + Int(start))..<(section.lowerBound + Int(end)))
  }

  /// Entry `index` of the string table.
  func string(_ index: Int) throws(ImageError) -> String {
    if index >= 0, index < madeStrings.count, let made = madeStrings[index] { return made }
    guard let string = ImageDecoder.string(try stringBytes(index)) else { throw damaged("a string is not valid UTF-8") }
    return string
  }

  // MARK: Records

  /// The bytes of the record whose id has the UTF-8 `id`, or `nil` when the index has none.
  func record(_ id: UnsafeRawBufferPointer) throws(ImageError) -> UnsafeRawBufferPointer? {
    let hash = ImageIndex.hash(id)
    let slots = directory.slotCount
    var slot = ImageIndex.home(of: hash, slotCount: slots)
    // Every slot at most once: a damaged index without a free slot ends the probe.
    for _ in 0..<slots {
      guard let (offset, tagMatches) = ImageIndex.entry(try self.slot(slot), matching: hash) else { return nil }
      if tagMatches {
        let record = try self.record(at: offset)
        if try idBytes(of: record).sameBytes(as: id) { return record }
      }
      slot = slot + 1 == slots ? 0 : slot + 1
    }
    return nil
  }

  /// Calls `body` with the bytes of every record the index holds, in slot order; a record
  /// that cannot be read is passed as the error it is.
  func forEachRecord(_ body: (Result<UnsafeRawBufferPointer, ImageError>) -> Void) {
    for slot in 0..<directory.slotCount {
      do {
        guard let (offset, _) = ImageIndex.entry(try self.slot(slot), matching: 0) else { continue }
        body(.success(try record(at: offset)))
      } catch {
        body(.failure(error))
      }
    }
  }

  /// Slot `index` of the index (`ImageIndex`).
  private func slot(_ index: Int) throws(ImageError) -> UInt64 {
    let start = directory[.index].lowerBound + index * ImageIndex.slotSize
    return word(try bytes(start..<(start + ImageIndex.slotSize)), at: 0)
  }

  /// The bytes of the record at `offset` in the records section, after its byte count.
  func record(at offset: UInt64) throws(ImageError) -> UnsafeRawBufferPointer {
    try prefixed(at: offset, in: .records)
  }

  /// The bytes a byte count at `offset` of `section` counts.
  private func prefixed(at offset: UInt64, in section: ImageDirectory.Section) throws(ImageError) -> UnsafeRawBufferPointer {
    let range = directory[section]
    guard offset < UInt64(range.count) else { throw damaged("offset \(offset) lies outside the \(section) section") }
    let start = range.lowerBound + Int(offset)
    var reader = ByteReader(try bytes(start..<min(start + 10, range.upperBound)))
    let length = try reader.varint()
    let body = start + reader.offset
    guard length <= UInt64(range.upperBound - body) else { throw damaged("a length of \(length) runs past the \(section) section") }
    return try bytes(body..<(body + Int(length)))
  }

  /// The UTF-8 of the id a record's bytes start with, without reading the rest.
  func idBytes(of record: UnsafeRawBufferPointer) throws(ImageError) -> UnsafeRawBufferPointer {
    var reader = ByteReader(record)
    let reference = try reader.varint()
    guard reference & 1 == 1 else {
      guard reference / 2 < UInt64(directory.stringCount) else { throw damaged("a record's id is not in the table") }
      return try stringBytes(Int(reference / 2))
    }
    guard reference / 2 <= UInt64(reader.remaining) else { throw damaged("a record's id runs past the record") }
    return try reader.bytes(Int(reference / 2))
  }

  /// The record whose bytes are `bytes`, and the values it leaves out.
  func decodeRecord(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> (record: StoreRecord, dropped: [ImageDrop]) {
    var decoder = ImageDecoder(bytes, version: ImageFormat.version, table: self)
    let record = try decoder.record()
    try decoder.expectEnd()
    return (record, decoder.dropped)
  }

  // MARK: Seen records

  /// The seen records at `offset` of their section: a count of records in the records
  /// section and each one's offset there, as the difference from the one before (the
  /// first from 0, each at least 1 but the first), then the other ids (seen records the
  /// image does not hold), a count and each id.
  func seenRecords(at offset: UInt64) throws(ImageError) -> Set<RecordID> {
    var decoder = ImageDecoder(try prefixed(at: offset, in: .seenRecords), version: ImageFormat.version, table: self)
    var seen = Set<RecordID>()
    var record: UInt64 = 0
    let count = try decoder.reader.count()
    seen.reserveCapacity(count)
    for position in 0..<count {
      let delta = try decoder.reader.varint()
      guard position == 0 || delta > 0, delta <= UInt64(directory[.records].count) - record else {
        throw damaged("a seen record's offset lies outside the records section")
      }
      record += delta
      guard let id = ImageDecoder.string(try idBytes(of: try self.record(at: record))) else {
        throw damaged("a record id is not valid UTF-8")
      }
      seen.insert(RecordID(id))
    }
    seen.formUnion(try decoder.recordIDs())
    try decoder.expectEnd()
    return seen
  }

  private func damaged(_ reason: String) -> ImageError {
    .damaged(reason, offset: 0)
  }
}
