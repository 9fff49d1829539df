/// Where the sections of a version 5 or 6 image are, read from the directory after the header
/// and checked against each other and the file's length before anything else is read.
///
/// ```
/// directory (152 bytes)
///   0  chunk size    UInt32  `ImageFormat.chunkSize`
///   4  reserved      UInt32  0
///   8  string count  UInt64
///  16  record count  UInt64
///  24  slot count    UInt64  the index's slots, more than the records, or 0 for no index
///                            (a change log frame's image, read whole)
///  32  estimated     UInt64  the records' bytes as the store's budget estimates them
///                            (`StoreRecord.estimatedBytes`), so that a budget over the
///                            records read on demand need not read them to measure them
///  40  sections      7 × (offset UInt64, length UInt64), in `Section` order, each
///                    starting where the one before ends, the last ending the file
/// ```
struct ImageDirectory: Sendable, Hashable {
  enum Section: Int, CaseIterable {
    case stringOffsets, stringBytes, index, records, seenRecords, rest, chunkTable
  }

  static let size = 40 + 16 * Section.allCases.count
  var chunkSize: Int
  var stringCount: Int
  var recordCount: Int
  var slotCount: Int
  var estimatedBytes: Int
  /// Each section's bytes in the file, by `Section.rawValue`.
  var sections: [Range<Int>]

  subscript(_ section: Section) -> Range<Int> { sections[section.rawValue] }

  /// The bytes the chunk table covers: the whole file before it.
  var checkedBytes: Int { self[.chunkTable].lowerBound }
  var chunkCount: Int { (checkedBytes + chunkSize - 1) / chunkSize }

  /// The directory's bytes.
  func encoded() -> [UInt8] {
    var writer = ByteWriter(reservingCapacity: Self.size)
    writer.uint32(UInt32(chunkSize))
    writer.uint32(0)
    for count in [stringCount, recordCount, slotCount, estimatedBytes] { writer.uint64(UInt64(count)) }
    for range in sections {
      writer.uint64(UInt64(range.lowerBound))
      writer.uint64(UInt64(range.count))
    }
    return writer.bytes
  }

  /// The directory of `file`, whose header vouched for the directory's checksum; throws
  /// unless every section lies where the layout puts it and every count fits its section.
  init(_ file: UnsafeRawBufferPointer) throws(ImageError) {
    let start = ImageFormat.headerSize
    guard file.count >= start + Self.size else {
      throw .wrongLength(expected: UInt64(start + Self.size), actual: file.count)
    }
    var reader = ByteReader(UnsafeRawBufferPointer(rebasing: file[start..<(start + Self.size)]))
    func integer() throws(ImageError) -> Int {
      let value = try reader.uint64()
      guard value <= UInt64(file.count) else { throw reader.damaged("the directory holds \(value), past the file's end") }
      return Int(value)
    }
    let words = try reader.uint64()
    chunkSize = Int(words & 0xFFFF_FFFF)
    guard chunkSize == ImageFormat.chunkSize, words >> 32 == 0 else {
      throw reader.damaged("the directory's chunk size is not \(ImageFormat.chunkSize)")
    }
    stringCount = try integer()
    recordCount = try integer()
    slotCount = try integer()
    estimatedBytes = Int(clamping: try reader.uint64())
    var sections: [Range<Int>] = []
    var end = start + Self.size
    for section in Section.allCases {
      let offset = try integer()
      let length = try integer()
      guard offset == end, length <= file.count - offset else {
        throw reader.damaged("the \(section) section is not where the one before ends")
      }
      end = offset + length
      sections.append(offset..<end)
    }
    self.sections = sections
    guard end == file.count else { throw .wrongLength(expected: UInt64(end), actual: file.count) }
    guard self[.stringOffsets].count == (stringCount + 1) * 8 else {
      throw reader.damaged("the string offsets do not hold \(stringCount) strings")
    }
    guard slotCount == 0 || slotCount > recordCount, self[.index].count == slotCount * ImageIndex.slotSize else {
      throw reader.damaged("the index does not hold \(slotCount) slots for \(recordCount) records")
    }
    guard self[.chunkTable].count == chunkCount * 4 else {
      throw reader.damaged("the chunk table does not hold \(chunkCount) checksums")
    }
  }

  init(stringCount: Int, recordCount: Int, slotCount: Int, estimatedBytes: Int, lengths: [Int]) {
    chunkSize = ImageFormat.chunkSize
    self.stringCount = stringCount
    self.recordCount = recordCount
    self.slotCount = slotCount
    self.estimatedBytes = estimatedBytes
    var end = ImageFormat.headerSize + Self.size
    sections = lengths.map { length in
      defer { end += length }
      return end..<(end + length)
    }
  }
}
