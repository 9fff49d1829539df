/// The hash a set or a dictionary files a value under when the value carries a hash of its
/// own already (`RecordID`, `FragmentReference`, `WalkedObject`).
///
/// Sets and dictionaries call `Hashable._rawHashValue(seed:)` on every lookup, and its
/// default runs a whole `Hasher` over what `hash(into:)` feeds it. A hash made once by a
/// seeded `Hasher` only needs mixing with the table's own seed, so that tables of different
/// sizes still order the same values differently: murmur3's 64-bit finalizer carries every
/// bit of both into the low bits a table indexes by.
@usableFromInline enum HashMixing {
  @inlinable static func mix(_ hash: Int, seed: Int) -> Int {
    var bits = UInt64(truncatingIfNeeded: hash ^ seed)
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }
}
