/// A response key's UTF-8 bytes, up to sixteen, held in two words: the JSON tape compares a
/// member's key with it by two loads, where comparing with the `String` copied the key and
/// walked its bytes through a call. A field's key is compared with two or three members on
/// average, and with every one of a response's objects.
struct PackedKey: Sendable {
  private let count: Int
  private let low: UInt64
  private let high: UInt64
  private let lowMask: UInt64
  private let highMask: UInt64

  /// `nil` for a key longer than sixteen bytes.
  init?(_ key: String) {
    let utf8 = Array(key.utf8)
    guard utf8.count <= 16 else { return nil }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (index, byte) in utf8.enumerated() {
      if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
    }
    count = utf8.count
    self.low = low
    self.high = high
    lowMask = Self.mask(bytes: min(count, 8))
    highMask = Self.mask(bytes: max(count - 8, 0))
  }

  /// The low `bytes` bytes of a little-endian word.
  private static func mask(bytes: Int) -> UInt64 {
    bytes >= 8 ? ~0 : (1 << (8 * UInt64(bytes))) - 1
  }

  /// Whether the `count` bytes of `buffer` at `start` are the key's, or `nil` when sixteen
  /// bytes from `start` do not fit in the buffer (the caller compares another way).
  @inline(__always)
  func matches(_ buffer: UnsafeRawBufferPointer, at start: Int, count: Int) -> Bool? {
    guard count == self.count else { return false }
    guard start >= 0, buffer.count - start >= 16 else { return nil }
    let first = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    let second = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
    return first & lowMask == low && second & highMask == high
  }
}
