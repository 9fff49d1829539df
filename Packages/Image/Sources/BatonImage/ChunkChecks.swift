@_spi(Development) import BatonNormalizer

/// Which chunks of a version 5 or 6 image (`ImageFormat.chunkSize` bytes each) a read has found
/// to match their checksums in the chunk table, and which not: each chunk is checked the
/// first time a read touches it, once, so opening a file checks none of its records and a
/// damaged chunk costs the records in it.
///
/// Read from any thread: the memo is behind a lock, the checksum computed outside it (two
/// threads may both check a chunk; both find the same).
final class ChunkChecks: Sendable {
  private let directory: ImageDirectory
  private let memo: Locked<Memo>
  /// Told once about each chunk found damaged.
  private let report: @Sendable (String) -> Void

  private struct Memo {
    var checked: [UInt64]
    var damaged: [UInt64]
  }

  init(_ directory: ImageDirectory, report: @escaping @Sendable (String) -> Void) {
    self.directory = directory
    self.report = report
    let words = (directory.chunkCount + 63) / 64
    memo = Locked(Memo(checked: Array(repeating: 0, count: words), damaged: Array(repeating: 0, count: words)))
  }

  /// Whether the bytes of `range` (offsets in `file`, within the checked bytes) are intact.
  func verify(_ range: Range<Int>, in file: UnsafeRawBufferPointer) -> Bool {
    guard !range.isEmpty else { return true }
    let chunks = (range.lowerBound / directory.chunkSize)...((range.upperBound - 1) / directory.chunkSize)
    for chunk in chunks {
      let (word, bit) = (chunk / 64, UInt64(1) << UInt64(chunk % 64))
      let known = memo.withLock { memo -> Bool? in
        memo.checked[word] & bit == 0 ? nil : memo.damaged[word] & bit == 0
      }
      if let known {
        guard known else { return false }
        continue
      }
      let intact = Self.isIntact(chunk, of: file, directory)
      let first = memo.withLock { memo -> Bool in
        defer {
          memo.checked[word] |= bit
          if !intact { memo.damaged[word] |= bit }
        }
        return memo.checked[word] & bit == 0
      }
      guard intact else {
        if first { report(Self.damage(chunk, directory)) }
        return false
      }
    }
    return true
  }

  /// Checks every chunk of `file` at once: what a read of the whole image does.
  static func verifyAll(_ file: UnsafeRawBufferPointer, _ directory: ImageDirectory) throws(ImageError) {
    for chunk in 0..<directory.chunkCount where !isIntact(chunk, of: file, directory) {
      throw .checksumMismatch("chunk \(chunk)")
    }
  }

  /// The chunk table of a file written in `parts`: the CRC-32C of each chunk of the parts
  /// taken as one run of bytes, little-endian. A chunk may begin in one part and end in the next.
  static func table(of parts: [[UInt8]], chunkCount: Int) -> [UInt8] {
    var table: [UInt32] = []
    table.reserveCapacity(chunkCount)
    var crc: UInt32 = 0
    var filled = 0
    for part in parts {
      part.withUnsafeBytes { bytes in
        var start = 0
        while start < bytes.count {
          let taken = min(ImageFormat.chunkSize - filled, bytes.count - start)
          crc = Checksum.crc32c(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + taken)]), continuing: crc)
          (filled, start) = (filled + taken, start + taken)
          guard filled == ImageFormat.chunkSize else { continue }
          table.append(crc.littleEndian)
          (crc, filled) = (0, 0)
        }
      }
    }
    if filled > 0 { table.append(crc.littleEndian) }
    return table.withUnsafeBytes { Array($0) }
  }

  /// What a damaged chunk costs, for the log.
  static func damage(_ chunk: Int, _ directory: ImageDirectory) -> String {
    let start = chunk * directory.chunkSize
    let end = min(start + directory.chunkSize, directory.checkedBytes)
    return "bytes \(start)..<\(end) of the image fail their checksum; the records there read as missing"
  }

  private static func isIntact(_ chunk: Int, of file: UnsafeRawBufferPointer, _ directory: ImageDirectory) -> Bool {
    let start = chunk * directory.chunkSize
    let end = min(start + directory.chunkSize, directory.checkedBytes)
    let expected = UInt32(littleEndianBytes: file, at: directory[.chunkTable].lowerBound + 4 * chunk)
    return Checksum.crc32c(UnsafeRawBufferPointer(rebasing: file[start..<end])) == expected
  }
}
