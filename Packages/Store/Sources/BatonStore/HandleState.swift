import BatonNormalizer
import Foundation

/// A handle's mutable state, behind the handle's own lock.
struct HandleState<Data: Sendable> {
  var read: ReadResult?
  /// What the fragments `read` spreads read as trees, compared with the next read's (those
  /// read as lenses are compared through `readSource`).
  var fragments: [OperationRead.FragmentOutcome] = []
  /// The source `read` was read from, where its spreads read as lenses are read again to
  /// compare (see `OperationRead.lensFragmentsChanged`); `nil` when it has none.
  var readSource: RecordSource?
  /// Who read which records in `read`, for telling which fragments read a stale field.
  var owners: [OperationRead.OwnerRead] = []
  /// The typed data made from `read`, made once per read.
  var made: Result<Data, OperationError>?
  /// What the next read may reuse of `read` (see `ReadCache`).
  var readCache = ReadCache()
  /// The records `read` saw outside the lists `readCache` keeps (its `seenRecords`), for
  /// telling the store how the next read's seen records moved.
  var seenOutsideLists: Set<RecordID>?
  var status: OperationStatus
  /// For `networkOnly`: the entry's settled-fetch count when the handle was made. Until a
  /// fetch after it succeeds, store data is not shown: the handle is loading, or failed
  /// with its fetch's failure.
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

  /// Clears `awaitingAfter` once a fetch after it has succeeded.
  mutating func noteSettledFetch() {
    guard let awaitingAfter, status.settledFetches != awaitingAfter, status.fetch == .idle else { return }
    self.awaitingAfter = nil
  }

  /// Whether the read counts as the operation's data: complete, or incomplete only because
  /// data went missing after a fetch (which is shown, logged and healed).
  static func isAvailable(_ read: ReadResult, _ status: OperationStatus) -> Bool {
    !read.isMissingData || status.fetchedAt != nil
  }
}
