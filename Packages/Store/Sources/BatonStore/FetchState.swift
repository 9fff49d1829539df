import Foundation

/// The last fetch of a handle's operation, as a value.
public enum FetchState: Sendable, Hashable {
  /// No fetch in flight, and the last one (if any) succeeded.
  case idle
  /// A fetch is in flight, started at that time.
  case inFlight(since: Date)
  /// The last fetch failed; data already shown stays.
  case failed(FetchFailure)
  /// A try of the fetch failed and `RetryPart` waits to send try number `attempt` (2 for
  /// the first retry) at `next`, by the environment's clock; data already shown stays.
  case retrying(attempt: Int, next: Date)
  /// A subscription's connection is down since that time and is being re-established,
  /// `attempt` counting from 1: events in the gap are not seen.
  case reconnecting(since: Date, attempt: Int)

  /// The failure, when the last fetch failed.
  public var failure: FetchFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }

  /// Whether a fetch is in flight, counting one that waits to retry.
  public var isInFlight: Bool {
    if case .inFlight = self { return true }
    if case .retrying = self { return true }
    return false
  }
}
