import BatonNormalizer

/// How much the store holds against its byte budget (`GraphQLEnvironment.init(maximumBytes:)`):
/// what an app's settings screen or the inspector shows.
public struct StoreBudget: Sendable, Hashable {
  /// The budget; `nil` when the environment has none.
  public var maximumBytes: Int?
  /// The base records' estimated bytes (their ids, keys and values), at or above what
  /// the image file takes for them.
  public var bytes: Int
  /// How many records the budget evicted since the environment was made.
  public var evictedRecords: Int

  /// A budget's use, as the inspector reads it from an image or a test states it.
  public init(maximumBytes: Int?, bytes: Int, evictedRecords: Int) {
    self.maximumBytes = maximumBytes
    self.bytes = bytes
    self.evictedRecords = evictedRecords
  }
}

extension GraphQLEnvironment {
  /// The store's byte budget and its use now.
  ///
  /// - Complexity: O(1) with a budget, whose total the store keeps; without one, O(fields)
  ///   of the records, measured outside the lock on a snapshot.
  public var budget: StoreBudget {
    let (budget, base) = state.withLock { state in (state.budget, state.budget == nil ? state.base : nil) }
    return StoreBudget(budget, base: base)
  }
}

extension StoreBudget {
  /// The use `budget` keeps, or without one, `base` measured.
  init(_ budget: ByteBudget?, base: RecordSource?) {
    if let budget {
      self.init(maximumBytes: budget.maximumBytes, bytes: budget.total, evictedRecords: budget.evictedRecords)
    } else {
      let bytes = base?.records.values.reduce(0) { $0 + $1.estimatedBytes } ?? 0
      self.init(maximumBytes: nil, bytes: bytes, evictedRecords: 0)
    }
  }
}
