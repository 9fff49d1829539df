import BatonNormalizer
import BatonStore

/// A state a preview puts a handle in: each one a screen has to show.
public enum PreviewState: Sendable, Hashable {
  /// No data yet, a fetch on its way (one that never comes back).
  case loading
  /// The data, fresh, no fetch in flight. A response with errors on fields shows them as
  /// field errors (`PreviewResponse.fieldError(_:at:)`).
  case ready(PreviewResponse)
  /// The data, with a refresh in flight that never comes back.
  case refreshing(PreviewResponse)
  /// The data, and the refresh behind it failed as `failure` (`.http(status: 500)`).
  case refreshFailed(PreviewResponse, FetchFailure.Kind)
  /// The data, fetched longer ago than the preview's `staleAfter`.
  case staleByAge(PreviewResponse)
  /// The data, fetched just now and then marked stale (`invalidate(record:)`, a heal).
  case staleByMark(PreviewResponse)
  /// The data with fields missing from the store (those `data` leaves out), and the heal's
  /// refetch of them in flight.
  case healing(missing: JSONValue)
  /// No data to show: the fetch failed as `failure`.
  case failed(FetchFailure.Kind)
}
