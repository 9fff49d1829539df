/// Pairs already compared, remembering whether the comparison assumed the parents
/// mutually exclusive: such a comparison does not stand in for a stricter one later.
struct PairSet<Key: Hashable> {
  private var pairs: [Key: [Key: Bool]] = [:]
  /// Whether (a, b) was compared, in this order only.
  private let ordered: Bool

  init(ordered: Bool) {
    self.ordered = ordered
  }

  func contains(_ a: Key, _ b: Key, mutuallyExclusive: Bool) -> Bool {
    has(a, b, mutuallyExclusive) || (!ordered && has(b, a, mutuallyExclusive))
  }

  private func has(_ a: Key, _ b: Key, _ mutuallyExclusive: Bool) -> Bool {
    guard let stored = pairs[a]?[b] else { return false }
    return mutuallyExclusive || stored == mutuallyExclusive
  }

  mutating func insert(_ a: Key, _ b: Key, mutuallyExclusive: Bool) {
    pairs[a, default: [:]][b] = mutuallyExclusive
  }
}
