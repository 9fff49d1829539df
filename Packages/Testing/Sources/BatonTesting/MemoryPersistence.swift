import BatonNormalizer
import BatonStore

/// A `Persistence` in memory: what one environment saves, the next environment made with
/// the same persistence loads, as an app's next launch finds its file. For a test of what
/// survives a relaunch without a file, or one that starts from an image it builds.
///
/// It keeps every image whole (records no operation reaches included) and leaves nothing
/// out, so it reports nothing. A change is applied to the image it keeps (the records
/// written taken from the change, those removed dropped), never taken whole, so a store
/// over it that reloads what it saved shows that the changes it hands over are complete.
/// Each save is durable at once: `flush()` has nothing to wait for.
///
/// ```swift
/// let persistence = MemoryPersistence()
/// let first = GraphQLEnvironment(transport: transport, persistence: persistence)
/// // ... fetch ...
/// let relaunched = GraphQLEnvironment(transport: transport, persistence: persistence)
/// ```
public final class MemoryPersistence: Persistence {
  private struct State {
    var image: StoreImage?
    var saves = 0
  }

  private let state: Locked<State>

  /// A persistence holding `image` (none by default), as a file an earlier launch wrote.
  public init(_ image: StoreImage? = nil) {
    state = Locked(State(image: image))
  }

  /// The latest image saved (or given), `nil` before any or after `erase()`.
  public var image: StoreImage? { state.withLock { $0.image } }

  /// How many times a save was called: a store saves once per change it commits.
  public var saveCount: Int { state.withLock { $0.saves } }

  /// The latest image, or `nil` when there is none. Its records and the operations' seen
  /// records are handed over to be read on demand (`RecordSource(backing:)`,
  /// `OperationImage(seenRecordsOnDemand:)`), as a persistence of a large store hands them over.
  public func load() -> StoreImage? {
    guard var image else { return nil }
    image.records = RecordSource(backing: MemoryRecordBacking(image.records.records))
    image.operations = image.operations.map { operation in
      let seen = operation.seenRecords
      return OperationImage(
        operationID: operation.operationID, name: operation.name, variables: operation.variables,
        fetchedAt: operation.fetchedAt, isMarkedStale: operation.isMarkedStale, seenRecordsOnDemand: { seen },
        operationErrors: operation.operationErrors)
    }
    return image
  }

  /// Keeps `image` as the latest.
  public func save(_ image: StoreImage) {
    state.withLock { state in
      state.image = image
      state.saves += 1
    }
  }

  /// Applies `change` to the latest image (to an empty one when there is none).
  public func save(_ change: ImageChange) {
    state.withLock { state in
      state.image = change.applied(to: state.image ?? StoreImage())
      state.saves += 1
    }
  }

  /// Returns at once: every save is kept as it is made.
  public func flush() {}

  /// Forgets the image.
  public func erase() {
    state.withLock { $0.image = nil }
  }
}
