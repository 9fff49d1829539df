import BatonTesting
import Testing

@testable import BatonImage

@Suite struct ChecksumTests {
  /// The check value of the CRC catalogue and the iSCSI vectors of RFC 3720, B.4.
  static let vectors: [(bytes: [UInt8], crc: UInt32)] = [
    ([], 0x0000_0000),
    (Array("123456789".utf8), 0xE306_9283),
    ([UInt8](repeating: 0, count: 32), 0x8A91_36AA),
    ([UInt8](repeating: 0xFF, count: 32), 0x62A8_AB43),
    ((0..<32).map { UInt8($0) }, 0x46DD_794E),
    ((0..<32).map { UInt8(31 - $0) }, 0x113F_DB5C),
  ]

  @Test(arguments: vectors.indices)
  func knownVectors(_ index: Int) {
    let vector = Self.vectors[index]
    #expect(Checksum.crc32c(vector.bytes) == vector.crc)
  }

  @Test func continuingOverPiecesEqualsOneRun() {
    let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for split in [0, 1, 7, 8, 9, 500, 999, 1_000] {
      let first = bytes[..<split].withUnsafeBytes { Checksum.crc32c($0) }
      let whole = bytes[split...].withUnsafeBytes { Checksum.crc32c($0, continuing: first) }
      #expect(whole == Checksum.crc32c(bytes), "split at \(split)")
    }
  }

  @Test func everySingleBitFlipChangesTheChecksum() {
    let bytes = Array("The store's image, with errors beside fields.".utf8)
    let original = Checksum.crc32c(bytes)
    for bit in 0..<(bytes.count * 8) {
      var flipped = bytes
      flipped[bit / 8] ^= 1 << UInt8(bit % 8)
      #expect(Checksum.crc32c(flipped) != original)
    }
  }

  /// One byte at a time, from the polynomial alone: what the sliced, interleaved loops
  /// must equal.
  static func bitwise(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = ~0
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ Checksum.polynomial : crc >> 1 }
    }
    return ~crc
  }

  @Test(arguments: [3_071, 3_072, 3_073, 3_080, 10_007, 65_536, 1_000_003])
  func interleavedLanesEqualOneLane(_ count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    #expect(Checksum.crc32c(bytes) == Self.bitwise(bytes))
    let split = count / 2 + 1
    let first = bytes[..<split].withUnsafeBytes { Checksum.crc32c($0) }
    #expect(bytes[split...].withUnsafeBytes { Checksum.crc32c($0, continuing: first) } == Self.bitwise(bytes))
  }
}
