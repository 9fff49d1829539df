import BatonNormalizer
import Foundation

/// A handle's mutable state, behind the handle's own lock.
struct HandleState<Data: Sendable> {
  var read: ReadResult?
  /// The source `read` came from, so the data's fragments read the same snapshot.
  var source = RecordSource()
  var status: OperationStatus
  /// For `networkOnly`: the entry's settled-fetch count when the handle was made; until it
  /// moves, the handle's own fetch has not come back and store data is not shown.
  var awaitingAfter: Int?
  var snapshot: OperationSnapshot<Data>
  /// Bumped on every snapshot change; streams get each version once, in order.
  var version = 0
  var deliveredVersion = 0
  var continuations: [Int: AsyncStream<OperationSnapshot<Data>>.Continuation] = [:]
  var nextContinuation = 0
  /// How many times the store re-read this handle (tests check notification is precise).
  var readCount = 0

  init(status: OperationStatus, awaitingAfter: Int?) {
    self.status = status
    self.awaitingAfter = awaitingAfter
    self.snapshot = OperationSnapshot(phase: .loading, fetch: status.fetch, isStale: false, fieldErrors: [], operationErrors: [])
  }

  var isAwaitingFetch: Bool {
    guard let awaitingAfter else { return false }
    return status.settledFetches == awaitingAfter
  }

  /// Whether the read counts as the operation's data: complete, or incomplete only because
  /// data went missing after a fetch (which is shown, logged and healed, DESIGN §6).
  static func isAvailable(_ read: ReadResult, _ status: OperationStatus) -> Bool {
    read.data != nil && (!read.isMissingData || status.fetchedAt != nil)
  }
}
