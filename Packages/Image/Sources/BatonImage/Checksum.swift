/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum iSCSI, ext4 and
/// SCTP use: it catches every burst error up to 32 bits and every odd number of flipped
/// bits, which is what a torn or rotted file looks like.
///
/// Slicing-by-8: eight 256-entry tables let the loop consume eight bytes per step; long
/// inputs run three such loops side by side.
/// - Complexity: O(n), about one table lookup per byte.
enum Checksum {
  static let polynomial: UInt32 = 0x82F6_3B78

  /// Eight tables of 256 entries, one after the other: entry `k * 256 + b` is the CRC of
  /// byte `b` followed by `k` zero bytes.
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
      table[byte] = crc
    }
    for slice in 1..<8 {
      for byte in 0..<256 {
        let previous = table[(slice - 1) * 256 + byte]
        table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return table
  }()

  /// Inputs at least this long run as three interleaved lanes.
  static let interleavingThreshold = 3 * 1024

  /// The CRC-32C of `bytes`, continuing from `crc` (the value of the bytes before them).
  ///
  /// A long input is cut into three lanes whose registers advance in the same loop: one
  /// lane's steps wait on the table loads of its previous step, three lanes keep the loads
  /// busy. The lanes' registers are then joined (`shifted(_:byZeroBytes:)`), so the result
  /// is the CRC of the whole input, as one lane would compute it.
  static func crc32c(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard bytes.count >= interleavingThreshold else { return ~register(~crc, bytes) }
    // Lanes a multiple of eight bytes long; the last lane takes the rest as well.
    let lane = bytes.count / 3 & ~7
    var first = ~crc
    var second: UInt32 = 0
    var third: UInt32 = 0
    table.withUnsafeBufferPointer { t in
      var index = 0
      while index < lane {
        first = step(first, bytes, at: index, t)
        second = step(second, bytes, at: lane + index, t)
        third = step(third, bytes, at: 2 * lane + index, t)
        index += 8
      }
    }
    third = register(third, UnsafeRawBufferPointer(rebasing: bytes[(3 * lane)...]))
    let state = shifted(shifted(first, byZeroBytes: lane) ^ second, byZeroBytes: bytes.count - 2 * lane) ^ third
    return ~state
  }

  /// The register after `bytes`, starting from `state` (no inversion before or after).
  private static func register(_ state: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var state = state
    var index = 0
    let count = bytes.count
    table.withUnsafeBufferPointer { t in
      while count - index >= 8 {
        state = step(state, bytes, at: index, t)
        index += 8
      }
      while index < count {
        state = (state >> 8) ^ t[Int((state ^ UInt32(bytes[index])) & 0xFF)]
        index += 1
      }
    }
    return state
  }

  /// The register after the eight bytes at `index`.
  @inline(__always)
  private static func step(_ state: UInt32, _ bytes: UnsafeRawBufferPointer, at index: Int, _ t: UnsafeBufferPointer<UInt32>)
    -> UInt32
  {
    // One unaligned load per word: the byte-wise reader was not inlined here.
    let low = state ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
    let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
    return t[1792 + Int(low & 0xFF)] ^ t[1536 + Int((low >> 8) & 0xFF)]
      ^ t[1280 + Int((low >> 16) & 0xFF)] ^ t[1024 + Int(low >> 24)]
      ^ t[768 + Int(high & 0xFF)] ^ t[512 + Int((high >> 8) & 0xFF)]
      ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
  }

  // MARK: Joining lanes

  /// The register `state` after `count` zero bytes, without reading them: the register is
  /// a polynomial over GF(2), and zero bytes multiply it by x^(8 count) modulo the CRC's
  /// polynomial. Bit 31 is x^0 (the reflected order the table uses).
  static func shifted(_ state: UInt32, byZeroBytes count: Int) -> UInt32 {
    var power: UInt32 = 1 << 31
    var rest = count
    var bit = 0
    while rest > 0 {
      if rest & 1 == 1 { power = product(power, zeroBytePowers[bit]) }
      rest >>= 1
      bit += 1
    }
    return product(power, state)
  }

  /// Entry `k` is x^(8 · 2^k): what 2^k zero bytes multiply a register by. Made once, so
  /// that joining lanes, which every chunk's check does, multiplies only by what it needs.
  static let zeroBytePowers: [UInt32] = {
    // x^8 is one zero byte.
    var square: UInt32 = 1 << (31 - 8)
    return (0..<Int.bitWidth).map { _ in
      defer { square = product(square, square) }
      return square
    }
  }()

  /// `a` times `b` modulo the polynomial, both in the reflected order.
  static func product(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var result: UInt32 = 0
    var multiple = b
    var bit: UInt32 = 1 << 31
    while bit != 0 {
      if a & bit != 0 { result ^= multiple }
      multiple = multiple & 1 == 1 ? (multiple >> 1) ^ polynomial : multiple >> 1
      bit >>= 1
    }
    return result
  }

  static func crc32c(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { crc32c($0) }
  }
}
