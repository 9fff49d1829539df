/// Byte-level mutations aimed at GraphQL's lexer and parser: single bytes, GraphQL
/// punctuation and escapes, UTF-8 (well-formed and not), ranges deleted, duplicated or
/// spliced in from another seed, deep nesting, and truncation.
struct Mutator {
  /// Fragments that sit on the lexer's and parser's branch points.
  static let fragments: [[UInt8]] = [
    "{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "!", "|", "&", "...", "..", ".",
    "\"", "\"\"\"", "\\\"\"\"", "\\", "\\u", "\\u{", "\\u{10FFFF}", "\\u{110000}", "\\uD83D",
    "\\uDE00", "\\uD83D\\uDE00", "\\x", "#", "\n", "\r", "\r\n", "\t", ",", " ", "-", "0", "00",
    "1.", "1e", "1e+", ".5", "-0.0e-0", "9999999999999999999999", "on", "fragment", "query",
    "extend", "type", "schema", "directive", "repeatable", "implements", "true", "null",
    "\u{FEFF}", "é", "😀", "\u{2028}", "\u{7}", "\u{0}",
  ].map { Array($0.utf8) }

  /// Bytes that are not well-formed UTF-8 on their own.
  static let badUTF8: [[UInt8]] = [[0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]

  /// Applies one to four mutations to `seed`; `other` is a second seed for splicing.
  static func mutate(_ seed: [UInt8], other: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
    var bytes = seed
    for _ in 0..<(1 + random.below(4)) {
      mutateOnce(&bytes, other: other, &random)
    }
    return bytes
  }

  private static func mutateOnce(_ bytes: inout [UInt8], other: [UInt8], _ random: inout FuzzRandom) {
    let at = random.below(bytes.count + 1)
    switch random.below(12) {
    case 0 where !bytes.isEmpty:
      bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
    case 1, 2:
      bytes.insert(contentsOf: fragments[random.below(fragments.count)], at: at)
    case 3:
      bytes.insert(contentsOf: badUTF8[random.below(badUTF8.count)], at: at)
    case 4 where at < bytes.count:
      bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(16)))
    case 5 where at < bytes.count:
      let range = at..<min(bytes.count, at + 1 + random.below(32))
      bytes.insert(contentsOf: Array(bytes[range]), at: range.upperBound)
    case 6 where !other.isEmpty:
      let start = random.below(other.count)
      let piece = other[start..<min(other.count, start + 1 + random.below(64))]
      bytes.insert(contentsOf: piece, at: at)
    case 7:
      bytes.removeSubrange(at..<bytes.count)
    case 8:
      let open = random.oneIn(2) ? Array("{a".utf8) : Array("[".utf8)
      let depth = 1 + random.below(random.oneIn(20) ? 400 : 40)
      bytes.insert(contentsOf: Array([[UInt8]](repeating: open, count: depth).joined()), at: at)
    case 9 where bytes.count > 1:
      let first = random.below(bytes.count)
      let second = random.below(bytes.count)
      bytes.swapAt(first, second)
    case 10:
      let length = 1 + random.below(200)
      bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "a"), count: length), at: at)
    default:
      bytes.insert(UInt8(32 + random.below(95)), at: at)
    }
  }
}
