import BatonNormalizer
import BatonStore
import Foundation

extension ImageDecoder {
  /// The image in `file`, and the values it left out.
  static func decode(_ file: some ContiguousBytes) throws(ImageError) -> (image: StoreImage, dropped: [ImageDrop]) {
    let (image, dropped, _) = try decodeWithGeneration(file)
    return (image, dropped)
  }

  /// The image in `file`, read whole and checked whole (every chunk of a version 5 or 6 file),
  /// the values it left out, and the file's generation (0 before format version 4).
  static func decodeWithGeneration(
    _ file: some ContiguousBytes
  ) throws(ImageError) -> (image: StoreImage, dropped: [ImageDrop], generation: UInt32) {
    let result: Result<(StoreImage, [ImageDrop], UInt32), ImageError> = file.withUnsafeBytes { buffer in
      Result { () throws(ImageError) -> (StoreImage, [ImageDrop], UInt32) in
        let (version, generation) = try checkHeader(buffer)
        guard version >= ImageFormat.sectionsVersion else {
          var decoder = ImageDecoder(try checkPayload(buffer), version: version)
          return (try decoder.image(), decoder.dropped, generation)
        }
        let directory = try self.directory(buffer)
        try ChunkChecks.verifyAll(buffer, directory)
        let table = LazyImageReader(file: buffer, directory: directory, checks: nil)
        var records = ImageDecoder(try table.bytes(directory[.records]), version: version, table: table)
        let source = try records.recordsSection()
        guard source.count == directory.recordCount else {
          throw .damaged("the records section holds \(source.count) records, not \(directory.recordCount)", offset: 0)
        }
        var rest = ImageDecoder(try table.bytes(directory[.rest]), version: version, table: table, seen: .read)
        let (operations, outbox, fieldAges) = try rest.rest()
        let image = StoreImage(records: RecordSource(records: source), operations: operations, outbox: outbox, fieldAges: fieldAges)
        return (image, records.dropped + rest.dropped, generation)
      }
    }
    return try result.get()
  }

  /// The format version and generation of `file`, once its header vouches for them (magic,
  /// header checksum, a readable version, the length).
  static func checkHeader(_ file: UnsafeRawBufferPointer) throws(ImageError) -> (version: UInt32, generation: UInt32) {
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
    guard ImageFormat.readableVersions.contains(version) else { throw .unsupportedVersion(version) }
    let generation = UInt32(littleEndianBytes: file, at: 12)
    guard version >= ImageFormat.generationVersion || generation == 0 else {
      throw .damaged("reserved header bytes are set", offset: 0)
    }
    let length = UInt64(UInt32(littleEndianBytes: file, at: 16)) | UInt64(UInt32(littleEndianBytes: file, at: 20)) << 32
    guard length == UInt64(file.count - ImageFormat.headerSize) else {
      throw .wrongLength(expected: length &+ UInt64(ImageFormat.headerSize), actual: file.count)
    }
    return (version, generation)
  }

  /// The payload of a file of version 1 to 4, once its checksum matches.
  private static func checkPayload(_ file: UnsafeRawBufferPointer) throws(ImageError) -> UnsafeRawBufferPointer {
    let payload = UnsafeRawBufferPointer(rebasing: file[ImageFormat.headerSize...])
    guard Checksum.crc32c(payload) == UInt32(littleEndianBytes: file, at: 24) else {
      throw .checksumMismatch("payload")
    }
    return payload
  }

  /// The directory of a version 5 or 6 file, once its checksum matches and its sections fit.
  static func directory(_ file: UnsafeRawBufferPointer) throws(ImageError) -> ImageDirectory {
    let start = ImageFormat.headerSize
    guard file.count >= start + ImageDirectory.size else {
      throw .wrongLength(expected: UInt64(start + ImageDirectory.size), actual: file.count)
    }
    let bytes = UnsafeRawBufferPointer(rebasing: file[start..<(start + ImageDirectory.size)])
    guard Checksum.crc32c(bytes) == UInt32(littleEndianBytes: file, at: 24) else { throw .checksumMismatch("directory") }
    return try ImageDirectory(file)
  }
}
