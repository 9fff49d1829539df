import BatonNormalizer

/// A way of going through every value of a normalized response's records (the eager read,
/// the lens, the bare walk), timed alike by the benches. The type is handed to the
/// children's `@Sendable` cases, hence `SendableMetatype`.
protocol SourceWalk: SendableMetatype {
  init(source: RecordSource)
  /// Goes through the records once; how much it touched, so that the work cannot be
  /// optimized away.
  mutating func run() -> Int
}

extension SourceWalk {
  /// One walk over `source`, failing when it touched nothing (a fixture that did not
  /// normalize into what the walk expects).
  static func walk(_ source: RecordSource) throws -> Self {
    var walk = Self(source: source)
    guard walk.run() > 0 else { throw BenchError(description: "\(Self.self) touched nothing") }
    return walk
  }
}
