/// The names over 15 bytes that one parse has read, each made into a string once.
///
/// A name that long does not fit in a small string: making one allocates, and the stdlib
/// checks its bytes again, about 470 instructions. Schemas repeat such names (GitHub's
/// has 1,516 of them, 628 different; the large benchmark query 170, 23 different), and
/// finding one here costs a fraction of that. An open-addressing table keyed by the
/// bytes, found through where the name first occurred in the same source.
struct LongNames {
  /// For each slot, where its name first occurred and its length (`start << 32 | count`);
  /// 0 for an empty slot, as no name is empty.
  private var keys: UnsafeMutablePointer<UInt64>?
  /// For each slot with a key, its name; uninitialized elsewhere.
  private var values: UnsafeMutablePointer<String>?
  private var capacity = 0
  private var used = 0
  /// 64 minus the log of the capacity: the hash's top bits index the table.
  private var shift: UInt64 = 64

  /// The shortest name stored here; shorter ones are small strings.
  static let minimumCount = 16

  /// The name `bytes[start..<end]`, at least `minimumCount` bytes of ASCII.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    if used &* 2 >= capacity {
      grow(bytes)
    }
    let count = end &- start
    let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
    let keys = keys.unsafelyUnwrapped
    let values = values.unsafelyUnwrapped
    let mask = capacity &- 1
    var index = Self.index(of: base + start, count, shift)
    while true {
      let key = keys[index]
      if key == 0 { break }
      if Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: key)) == count
        && Self.equal(base + Int(truncatingIfNeeded: key &>> 32), base + start, count)
      {
        return values[index]
      }
      index = (index &+ 1) & mask
    }
    let value = TokenText.string(bytes, start, end)
    keys[index] = UInt64(truncatingIfNeeded: start) &<< 32 | UInt64(truncatingIfNeeded: count)
    (values + index).initialize(to: value)
    used &+= 1
    return value
  }

  /// Frees the table; the strings live on in the names that hold them.
  mutating func close() {
    guard let keys, let values else { return }
    for index in 0..<capacity where keys[index] != 0 {
      (values + index).deinitialize(count: 1)
    }
    keys.deallocate()
    values.deallocate()
    self.keys = nil
    self.values = nil
    capacity = 0
    used = 0
  }

  /// Doubles the table, or starts it at a size for the source (GitHub's schema, 368 KB,
  /// holds 628 different long names), and moves every entry to its new slot.
  @inline(never)
  private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
    let oldKeys = keys
    let oldValues = values
    let oldCapacity = capacity
    if oldCapacity == 0 {
      // About one slot for every 256 bytes, a power of two from 64 to 16,384.
      let estimate = Swift.min(bytes.count / 256, 1 << 14)
      capacity = 1 &<< Swift.max(6, estimate.bitWidth &- estimate.leadingZeroBitCount)
    } else {
      capacity = oldCapacity &* 2
    }
    shift = UInt64(64 &- capacity.trailingZeroBitCount)
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    keys.initialize(repeating: 0, count: capacity)
    let values = UnsafeMutablePointer<String>.allocate(capacity: capacity)
    self.keys = keys
    self.values = values
    guard let oldKeys, let oldValues else { return }
    let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
    let mask = capacity &- 1
    for oldIndex in 0..<oldCapacity where oldKeys[oldIndex] != 0 {
      let key = oldKeys[oldIndex]
      var index = Self.index(
        of: base + Int(truncatingIfNeeded: key &>> 32),
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: key)), shift)
      while keys[index] != 0 {
        index = (index &+ 1) & mask
      }
      keys[index] = key
      (values + index).moveInitialize(from: oldValues + oldIndex, count: 1)
    }
    oldKeys.deallocate()
    oldValues.deallocate()
  }

  /// Mixes the first sixteen and the last eight bytes with the length; names that differ
  /// only in between collide and are told apart by `equal`.
  @inline(__always)
  private static func index(of name: UnsafeRawPointer, _ count: Int, _ shift: UInt64) -> Int {
    let first = name.loadUnaligned(as: UInt64.self)
    let second = name.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let last = name.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    let mixed =
      (first ^ (second &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F)
        ^ UInt64(truncatingIfNeeded: count)) &* 0x1656_67B1_9E37_79F9
    return Int(truncatingIfNeeded: mixed &>> shift)
  }

  /// Whether `count` (at least 8) bytes at `a` and `b` are the same, a word at a time.
  @inline(__always)
  private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset < count &- 8 {
      if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset &+= 8
    }
    return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
  }
}
