/// The on-disk hash index of a version 5 image: open addressing over fixed-width slots of
/// (hash of a record id's UTF-8, the record's offset in the records section plus one), so
/// a lookup reads a slot or two and the one record it lands on, never the rest.
///
/// The hash is the file's own, the same in every process (Swift's `Hasher` is seeded per
/// process): FNV-1a over the bytes, then a 64-bit finalizer so the low bits a slot is
/// chosen by depend on every byte.
enum ImageIndex {
  /// The hash a slot holds for an id whose UTF-8 is `bytes`.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }

  /// The slots for `count` records: a power of two at least half again as many, so a
  /// probe ends at a free slot after a step or two.
  static func slotCount(for count: Int) -> Int {
    var slots = 1
    while slots < count + count / 2 + 1 { slots *= 2 }
    return slots
  }

  /// The index's bytes for records at `entries` (each id's hash and its offset in the
  /// records section), `slotCount` slots.
  static func slots(_ entries: [(hash: UInt64, offset: Int)], slotCount: Int) -> [UInt8] {
    var table = [UInt64](repeating: 0, count: 2 * slotCount)
    let mask = slotCount - 1
    for entry in entries {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while table[2 * slot + 1] != 0 { slot = (slot + 1) & mask }
      table[2 * slot] = entry.hash
      table[2 * slot + 1] = UInt64(entry.offset) + 1
    }
    // Little-endian whatever the host: a million slots copied at once, not byte by byte.
    for index in table.indices { table[index] = table[index].littleEndian }
    return table.withUnsafeBytes { Array($0) }
  }
}
