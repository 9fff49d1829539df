/// The on-disk hash index of a version 5 or 6 image: open addressing over slots of 8 bytes, each
/// the record's offset in the records section plus one (40 bits, 0 for a free slot) above a
/// 24-bit tag of its id's hash, so a lookup reads a slot or two and decodes only a record
/// whose tag matches, never the rest.
///
/// A record sits in the first free slot from `home(of:slotCount:)`, the next slot after the
/// last being the first. The hash is the file's own, the same in every process (Swift's
/// `Hasher` is seeded per process): FNV-1a over the bytes, then a 64-bit finalizer so that
/// the high bits the home slot comes from and the low bits of the tag both depend on every
/// byte.
enum ImageIndex {
  static let slotSize = 8
  private static let tagBits: UInt64 = 24
  private static let tagMask: UInt64 = (1 << tagBits) - 1

  /// The hash of an id whose UTF-8 is `bytes`.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for index in 0..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }

  /// The slots for `count` records: half again as many, so a probe ends at a free slot
  /// after a few steps, at 12 bytes a record.
  static func slotCount(for count: Int) -> Int {
    count + count / 2 + 1
  }

  /// The slot a probe for `hash` starts at: the hash scaled to the slots (its high bits).
  static func home(of hash: UInt64, slotCount: Int) -> Int {
    Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slotCount)).high)
  }

  /// The slot's record offset, or `nil` for a free slot, and whether its tag is `hash`'s.
  static func entry(_ slot: UInt64, matching hash: UInt64) -> (offset: UInt64, tagMatches: Bool)? {
    guard slot != 0 else { return nil }
    // Wrapping: a damaged slot's offset is then past the section, which the reader rejects.
    return ((slot >> tagBits) &- 1, slot & tagMask == hash & tagMask)
  }

  /// The index's bytes for records at `entries` (each id's hash and its offset in the
  /// records section), `slotCount` slots; none for no slots.
  static func slots(_ entries: [(hash: UInt64, offset: Int)], slotCount: Int) -> [UInt8] {
    guard slotCount > 0 else { return [] }
    var table = [UInt64](repeating: 0, count: slotCount)
    for entry in entries {
      var slot = home(of: entry.hash, slotCount: slotCount)
      while table[slot] != 0 { slot = slot + 1 == slotCount ? 0 : slot + 1 }
      table[slot] = (UInt64(entry.offset) + 1) << tagBits | entry.hash & tagMask
    }
    // Little-endian whatever the host: a million slots copied at once, not byte by byte.
    for index in table.indices { table[index] = table[index].littleEndian }
    return table.withUnsafeBytes { Array($0) }
  }
}
