import BatonNormalizer
import Foundation

/// What the store says about an operation apart from its records, handed to its handles
/// with every update: the fetch, the freshness and the operation-level errors.
struct OperationStatus: Sendable {
  var fetch: FetchState
  var fetchedAt: Date?
  var isMarkedStale: Bool
  /// When the data turns stale by age; `nil` when it never does.
  var staleDeadline: Date?
  var operationErrors: [FieldError]
  /// Incremented each time a fetch of the operation settles, so a `networkOnly` handle
  /// knows its fetch came back.
  var settledFetches: Int
  /// The store's fetch times of fields with a max age, which say which fragments are stale.
  var fieldAges = FieldAges()

  func isStale(at now: Date) -> Bool {
    if isMarkedStale { return true }
    if let staleDeadline { return now >= staleDeadline }
    return false
  }
}
