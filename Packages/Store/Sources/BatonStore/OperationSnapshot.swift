import BatonNormalizer

/// Everything a handle shows at one moment, as one value: what `snapshots` yields.
public struct OperationSnapshot<Data: Sendable>: Sendable {
  /// Loading, ready with data, or failed.
  public var phase: OperationPhase<Data>
  /// The last fetch of the operation.
  public var fetch: FetchState
  /// Whether the data was stale when the snapshot was taken (marked stale, or fetched
  /// longer ago than `staleAfter`). When the data passes its `staleAfter` deadline, the
  /// handle gets a new snapshot with this set: the latest snapshot says it from then on.
  public var isStale: Bool
  /// Field errors the read met and no `@catch` caught, each naming the owner, record and
  /// field; the same from a cached read as from the network read that stored them.
  public var fieldErrors: [ReadEvent]
  /// The last response's errors that belong to the operation rather than to a field.
  public var operationErrors: [FieldError]
  /// The fields past their max age (`MaxAges`) when the snapshot was taken, each with the
  /// fragment (or the operation) whose own selections read it, how old it is and its max
  /// age. Empty when no field read has a max age; `isStale` does not count them.
  public var staleFragments: [StaleField] = []

  /// The names of the fragments that read a field past its max age, each once.
  public var staleFragmentNames: [String] {
    var names: [String] = []
    for field in staleFragments {
      if case .fragment(let name) = field.owner, !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Ready, and a fetch is in flight.
  public var isRefreshing: Bool { phase.data != nil && fetch.isInFlight }
}
