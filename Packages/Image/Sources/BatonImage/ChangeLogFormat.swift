import Foundation

/// The layout of the change log beside an image file (`<image>.log`): what `FileImage`
/// appends on each save instead of rewriting the image. All integers are little-endian.
///
/// ```
/// header (24 bytes)
///   0  magic        8 bytes  "BATONLOG"
///   8  version      UInt32   `ChangeLogFormat.version`
///  12  generation   UInt32   the generation of the image the frames follow
///  16  reserved     UInt32   0
///  20  header CRC   UInt32   CRC-32C of bytes 0..<20
/// frames, each one save, oldest first (`ChangeFrame`)
///   0  length       UInt64   payload bytes
///   8  payload CRC  UInt32   CRC-32C of the payload
///  12  payload
/// ```
///
/// A log whose generation is not the image's was left by a kill between a compaction's
/// rename of the new image and the start of the new log: its frames are already in that
/// image, and it is never replayed. A frame cut short or failing its checksum ends the
/// replay (a kill during an append tears only the last frame); the next append overwrites
/// it and cuts the log after itself, so it follows the whole frames.
enum ChangeLogFormat {
  static let magic: [UInt8] = Array("BATONLOG".utf8)
  static let version: UInt32 = 1
  static let headerSize = 24
  static let frameHeaderSize = 12

  /// A log with no frames yet, following the image of `generation`.
  static func header(generation: UInt32) -> [UInt8] {
    var header = ByteWriter(reservingCapacity: headerSize)
    header.raw(magic)
    header.uint32(version)
    header.uint32(generation)
    header.uint32(0)
    header.uint32(Checksum.crc32c(header.bytes))
    return header.bytes
  }

  /// The generation a log's header names; throws when the header is not one this build wrote.
  static func generation(_ log: UnsafeRawBufferPointer) throws(ImageError) -> UInt32 {
    guard !log.isEmpty else { throw .empty }
    let prefix = min(log.count, magic.count)
    guard log.prefix(prefix).elementsEqual(magic.prefix(prefix)) else { throw .foreign }
    guard log.count >= headerSize else { throw .wrongLength(expected: UInt64(headerSize), actual: log.count) }
    guard Checksum.crc32c(UnsafeRawBufferPointer(rebasing: log[0..<20])) == UInt32(littleEndianBytes: log, at: 20) else {
      throw .checksumMismatch("change log header")
    }
    let version = UInt32(littleEndianBytes: log, at: 8)
    guard version == self.version else { throw .unsupportedVersion(version) }
    guard UInt32(littleEndianBytes: log, at: 16) == 0 else { throw .damaged("reserved change log header bytes are set", offset: 0) }
    return UInt32(littleEndianBytes: log, at: 12)
  }

  /// A frame around `payload`.
  static func frame(_ payload: [UInt8]) -> [UInt8] {
    var frame = ByteWriter(reservingCapacity: frameHeaderSize + payload.count)
    frame.uint64(UInt64(payload.count))
    frame.uint32(Checksum.crc32c(payload))
    frame.raw(payload)
    return frame.bytes
  }

  /// The payloads of the whole frames after the header, in order, up to the first torn or
  /// damaged one.
  static func payloads(_ log: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
    var payloads: [UnsafeRawBufferPointer] = []
    var offset = headerSize
    while log.count - offset >= frameHeaderSize {
      let low = UInt64(UInt32(littleEndianBytes: log, at: offset))
      let length = low | UInt64(UInt32(littleEndianBytes: log, at: offset + 4)) << 32
      let start = offset + frameHeaderSize
      guard length <= UInt64(log.count - start) else { break }
      let payload = UnsafeRawBufferPointer(rebasing: log[start..<(start + Int(length))])
      guard Checksum.crc32c(payload) == UInt32(littleEndianBytes: log, at: offset + 8) else { break }
      payloads.append(payload)
      offset = start + Int(length)
    }
    return payloads
  }
}
