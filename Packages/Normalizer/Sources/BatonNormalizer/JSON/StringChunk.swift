/// Eight bytes of a string's text, read as a little-endian word, tested at once for the
/// bytes a scan must stop at, with the "Bit Twiddling Hacks" tests (haszero, hasless): the
/// high bit of each such byte is set.
///
/// A test subtracts from every byte at once, and a byte that borrows (one of those asked
/// for) may flag the byte above it too. So every byte asked for is flagged, the lowest
/// flagged byte is always one, and a byte flagged above one may be any byte: the caller
/// looks at each. Plain integer arithmetic, so that a debug build scans about as fast as a
/// release build (the standard library's SIMD types are generic code there, lane by lane).
enum StringChunk {
  /// The flagged bytes (`flagged(_:nonASCII:)`) of sixteen bytes at `pointer`, as bits:
  /// bit *i* for byte *i*.
  @inline(__always)
  static func flagged(at pointer: UnsafeRawPointer, nonASCII: UInt64) -> UInt32 {
    let low = flagged(UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)), nonASCII: nonASCII)
    let high = flagged(UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), nonASCII: nonASCII)
    guard low | high != 0 else { return 0 }
    // The multiply gathers each byte's high bit into the top byte, byte i to bit i.
    let gather: UInt64 = 0x0002_0408_1020_4081
    return UInt32(truncatingIfNeeded: (low &* gather) >> 56) | UInt32(truncatingIfNeeded: (high &* gather) >> 56) << 8
  }

  /// The quotes, backslashes and control characters of `word`, and its bytes past ASCII
  /// where `nonASCII` (`flaggingNonASCII` or `passingNonASCII`) asks for them: a mask, not a
  /// flag, so that the choice costs two operations and no branch.
  @inline(__always)
  static func flagged(_ word: UInt64, nonASCII: UInt64) -> UInt64 {
    // `x - 1` sets a byte's high bit for 0 and `x - 0x20` below 0x20, for bytes below it.
    let quote = word ^ 0x2222_2222_2222_2222
    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
    let below = (quote &- ones) | (backslash &- ones) | (word &- 0x2020_2020_2020_2020)
    return ((below & ~word) | (word & nonASCII)) & highBits
  }

  /// The `nonASCII` mask that flags the bytes past ASCII.
  static let flaggingNonASCII: UInt64 = highBits
  /// The `nonASCII` mask that passes over the bytes past ASCII.
  static let passingNonASCII: UInt64 = 0

  /// The backslashes of `word`.
  @inline(__always)
  static func backslashes(_ word: UInt64) -> UInt64 {
    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
    return (backslash &- ones) & ~backslash & highBits
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
}
