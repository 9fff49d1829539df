/// Word-at-a-time byte searches for the lexer's runs: indentation, names, comments,
/// descriptions. Eight bytes are tested at once with per-byte arithmetic (the classic
/// "has zero byte" bit trick and range tests), sixteen with vector compares where runs
/// are long; the tail is finished byte by byte.
enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// A word whose bytes are each 0x80 where the byte of `word` is zero.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }

  @inline(__always)
  private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt64 {
    // Callers check index + 8 <= bytes.count.
    UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index)
      .loadUnaligned(as: UInt64.self))
  }

  /// The first index in `start..<end` whose byte is not `byte`, or `end`.
  @inline(__always)
  static func skip(
    _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var index = start
    let pattern = ones &* UInt64(byte)
    while index &+ 8 <= end {
      let difference = word(bytes, index) ^ pattern
      if difference != 0 {
        return index &+ difference.trailingZeroBitCount / 8
      }
      index &+= 8
    }
    while index < end && bytes[index] == byte {
      index += 1
    }
    return index
  }

  /// The first index in `start..<end` whose byte is `first` or `second`, or `end`.
  ///
  /// Sixteen bytes at a time while nothing matches (descriptions and comments run long
  /// between quotes, backslashes and line ends), then a word at a time to the match.
  @inline(__always)
  static func find(
    _ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int, to end: Int
  ) -> Int {
    var index = start
    let firstLanes = SIMD16<UInt8>(repeating: first)
    let secondLanes = SIMD16<UInt8>(repeating: second)
    while index &+ 16 <= end {
      let block = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index)
        .loadUnaligned(as: SIMD16<UInt8>.self)
      if any((block .== firstLanes) .| (block .== secondLanes)) {
        break
      }
      index &+= 16
    }
    let firstPattern = ones &* UInt64(first)
    let secondPattern = ones &* UInt64(second)
    while index &+ 8 <= end {
      let value = word(bytes, index)
      let hits = zeroBytes(value ^ firstPattern) | zeroBytes(value ^ secondPattern)
      if hits != 0 {
        // The lowest flagged byte is a true match; only bytes above a match can be
        // flagged falsely by the borrow.
        return index &+ hits.trailingZeroBitCount / 8
      }
      index &+= 8
    }
    while index < end {
      let byte = bytes[index]
      if byte == first || byte == second {
        return index
      }
      index &+= 1
    }
    return end
  }

  /// The first index in `start..<end` whose byte is not a `NameContinue` (letter, digit
  /// or `_`), or `end`.
  ///
  /// Names average eight bytes, so a whole name is mostly classified by one word: each
  /// class is a per-byte range test by addition. A byte below 0x80 never carries into the
  /// next; one at or above it can, but it ends the name, so the bytes its carry reaches
  /// do not matter.
  @inline(__always)
  static func nameEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var index = start
    while index &+ 8 <= end {
      let value = word(bytes, index)
      let folded = value | (ones &* 0x20)  // A-Z to a-z
      let letters = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x7F - 0x7A))
      let digits = (value &+ ones &* (0x80 - 0x30)) & ~(value &+ ones &* (0x7F - 0x39))
      let underscores = ~((value ^ (ones &* 0x5F)) &+ ~highs)
      let stops = (~(letters | digits | underscores) | value) & highs
      if stops != 0 {
        return index &+ stops.trailingZeroBitCount / 8
      }
      index &+= 8
    }
    while index < end && CharacterClasses.isNameContinue(bytes[index]) {
      index &+= 1
    }
    return index
  }

  /// Whether every byte is below 0x80.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    var highBits: UInt64 = 0
    while index + 8 <= bytes.count {
      highBits |= word(bytes, index)
      index += 8
    }
    while index < bytes.count {
      highBits |= UInt64(bytes[index])
      index += 1
    }
    return highBits & highs == 0
  }
}
