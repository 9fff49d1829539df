/// Strings made from a source's bytes: names, numbers and the values of string tokens.
enum TokenText {
  /// The bytes `start..<end` (well-formed UTF-8) as a string.
  ///
  /// Up to 15 ASCII bytes (most names and numbers) are stored in the string itself. They
  /// are written straight into that small form, two loads and a mask, for about a fifth
  /// of what an initializer costs (each calls out of line, through a closure, and checks
  /// the bytes again). The form is the one the compiler emits for short literals, fixed
  /// by the stdlib's ABI; a literal checks it, so that another layout takes the general
  /// path.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    let count = end &- start
    #if _pointerBitWidth(_64) && _endian(little)
      if count <= 15 && start &+ 16 <= bytes.count && Self.smallStringsAreWordsAsExpected() {
        let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + start)
        let kept = UInt64(truncatingIfNeeded: count) &* 8
        let first = base.loadUnaligned(as: UInt64.self) & (kept >= 64 ? ~0 : (1 &<< kept) &- 1)
        let second =
          (base + 8).loadUnaligned(as: UInt64.self) & (kept <= 64 ? 0 : (1 &<< (kept &- 64)) &- 1)
        if (first | second) & 0x8080_8080_8080_8080 == 0 {
          var string = ""
          // The stdlib's unprotected form: with the protected one, every caller sets and
          // checks a stack canary, five more instructions for each name.
          _withUnprotectedUnsafeMutablePointer(to: &string) { pointer in
            let words = UnsafeMutableRawPointer(pointer)
            words.storeBytes(of: first, as: UInt64.self)
            words.storeBytes(
              of: second | (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56, toByteOffset: 8,
              as: UInt64.self)
          }
          return string
        }
      }
    #endif
    return general(bytes, start, count)
  }

  /// Whether a small ASCII string is its bytes in two little-endian words, the last byte
  /// `0xE0 | count` (immortal, small, ASCII): a constant once optimized.
  @inline(__always)
  private static func smallStringsAreWordsAsExpected() -> Bool {
    let probe = unsafeBitCast("ab" as String, to: (UInt64, UInt64).self)
    return probe.0 == 0x6261 && probe.1 == 0xE2 &<< 56
  }

  @inline(never)
  private static func general(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int
  ) -> String {
    String(unsafeUninitializedCapacity: count) { buffer in
      guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
      UnsafeMutableRawPointer(target).copyMemory(from: source + start, byteCount: count)
      return count
    }
  }
}
