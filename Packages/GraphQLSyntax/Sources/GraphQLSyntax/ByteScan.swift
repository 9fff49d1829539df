/// Block-at-a-time byte searches for the lexer's runs: indentation, names, comments,
/// descriptions. Sixteen bytes are tested at once with vector compares, eight with
/// per-byte arithmetic (the classic "has zero byte" bit trick); the tail is finished
/// byte by byte.
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

  /// The first index in `start..<end` whose byte is not a space, tab or line feed (the
  /// line end and indentation before most tokens), or nil if there is none.
  ///
  /// Nil rather than `end` so that callers need no bounds test before reading the byte.
  @inline(__always)
  static func skipBlanks(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    var index = start
    while index <= end &- 16 {
      if let offset = firstNonBlank(in: bytes, at: index) {
        return index &+ offset
      }
      index &+= 16
    }
    while index < end {
      let byte = bytes[index]
      if byte != 0x20 && byte != 0x09 && byte != 0x0A {
        return index
      }
      index &+= 1
    }
    return nil
  }

  /// The first index in `start..<end` whose byte is not a `NameContinue` (letter, digit
  /// or `_`), or `end`.
  @inline(__always)
  static func nameEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var index = start
    while index <= end &- 16 {
      if let offset = firstNonName(in: bytes, at: index) {
        return index &+ offset
      }
      index &+= 16
    }
    while index < end && CharacterClasses.isNameContinue(bytes[index]) {
      index &+= 1
    }
    return index
  }

  /// Where in the sixteen bytes at `index` the first that is not a space, tab or line
  /// feed is, or nil; `index + 16` must be at most `bytes.count`.
  @inline(__always)
  static func firstNonBlank(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    firstTrue(blankStops(block(bytes, index)))
  }

  /// Where in the sixteen bytes at `index` the first that is not a `NameContinue` is, or
  /// nil; `index + 16` must be at most `bytes.count`.
  @inline(__always)
  static func firstNonName(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    firstTrue(nameStops(block(bytes, index)))
  }

  // The constants below are vectors, not scalars: the scalar forms of the SIMD operators
  // compile to lane loops.

  /// The lanes that are not a space, tab or line feed: tab and line feed, adjacent, are
  /// one range, tested as `nameStops` tests its ranges.
  @inline(__always)
  private static func blankStops(_ lanes: SIMD16<Int8>) -> SIMDMask<SIMD16<Int8>> {
    let spaces = SIMD16<Int8>(repeating: 0x20)
    let tabShift = SIMD16<Int8>(repeating: 0x77)  // 0x09 to -0x80
    let lastLineFeed = SIMD16<Int8>(repeating: -0x80 + 1)
    return ((lanes &+ tabShift) .> lastLineFeed) .& .!(lanes .== spaces)
  }

  /// The lanes that are not a `NameContinue`.
  ///
  /// Each range is one signed compare once shifted to the bottom of the signed range
  /// (bytes at or above 0x80 are above every shifted range), and compared as "above the
  /// range" so that each compare can take its limit from memory.
  @inline(__always)
  private static func nameStops(_ lanes: SIMD16<Int8>) -> SIMDMask<SIMD16<Int8>> {
    let lowercase = SIMD16<Int8>(repeating: 0x20)
    let letterShift = SIMD16<Int8>(repeating: 0x1F)  // 0x61 to -0x80
    let lastLetter = SIMD16<Int8>(repeating: -0x80 + 25)
    let digitShift = SIMD16<Int8>(repeating: 0x50)  // 0x30 to -0x80
    let lastDigit = SIMD16<Int8>(repeating: -0x80 + 9)
    let underscores = SIMD16<Int8>(repeating: 0x5F)
    let nonLetters = ((lanes | lowercase) &+ letterShift) .> lastLetter
    let nonDigits = (lanes &+ digitShift) .> lastDigit
    return nonLetters .& nonDigits .& .!(lanes .== underscores)
  }

  @inline(__always)
  private static func block(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> SIMD16<Int8> {
    // Callers check index + 16 <= bytes.count.
    UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index)
      .loadUnaligned(as: SIMD16<Int8>.self)
  }

  /// The first lane of `mask` that is true, or nil.
  @inline(__always)
  private static func firstTrue(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
    // A true lane is all ones: the lowest set bit, read a half at a time (a lane loop
    // would cost sixteen steps).
    let halves = lanes(mask)
    if halves[0] != 0 {
      return halves[0].trailingZeroBitCount &>> 3
    }
    if halves[1] != 0 {
      return 8 &+ halves[1].trailingZeroBitCount &>> 3
    }
    return nil
  }

  /// The mask as two words, its lane 0 in the lowest byte of the first.
  @inline(__always)
  private static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
    // Lanes are laid out in memory order: the same as bytes on little-endian machines.
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return SIMD2(UInt64(littleEndian: halves[0]), UInt64(littleEndian: halves[1]))
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
