import Foundation

/// Tries a request again after a failure that may pass: no response at all (the
/// connection failed, dropped or timed out), a 5xx, a 408 or a 429. The waits grow
/// exponentially from `initialDelay` to at most `maximumDelay`, each shortened at random by
/// up to `jitter` of itself, so that clients that failed together do not come back
/// together; a 429's or a 503's `Retry-After` is waited exactly (a longer one than
/// `maximumDelay` is not waited for: the failure stands).
///
/// Mutations are not retried unless `retriesMutations` (a mutation whose reply was lost
/// may have run). GraphQL errors and malformed replies are not retried: trying again gives
/// the same answer. While a handle's fetch waits, its `fetch` is `.retrying(attempt:next:)`
/// and its data stays on screen; the wait is on the environment's clock.
public struct RetryPart: TransportPart {
  /// The most tries of one request, the first included (default 4).
  public var maximumAttempts: Int
  /// The wait before the first retry (default half a second); it doubles for each retry.
  public var initialDelay: Duration
  /// The longest wait (default 30 seconds).
  public var maximumDelay: Duration
  /// The fraction, 0 to 1, of each wait that may be cut at random (default 0.5).
  public var jitter: Double
  /// Whether mutations are retried too (default false).
  public var retriesMutations: Bool

  /// A retry part with the limits above.
  public init(
    maximumAttempts: Int = 4, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30),
    jitter: Double = 0.5, retriesMutations: Bool = false
  ) {
    self.maximumAttempts = max(1, maximumAttempts)
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.jitter = min(1, max(0, jitter))
    self.retriesMutations = retriesMutations
  }

  /// Sends `request`, and again after each failure that may pass, up to the limits.
  public func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
    var attempt = 1
    while true {
      do {
        return try await next.send(request)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        guard attempt < maximumAttempts, request.kind == .query || retriesMutations && request.kind == .mutation,
          let wait = wait(after: error, attempt: attempt)
        else { throw error }
        attempt += 1
        let clock = next.context.clock
        let deadline = clock.now.addingTimeInterval(wait.timeInterval)
        next.retrying(attempt: attempt, next: deadline)
        while clock.now < deadline { try await clock.sleep(until: deadline) }
        next.resending()
      }
    }
  }

  /// How long to wait after `error` ended try `attempt`; `nil` when it is not worth a retry.
  func wait(after error: any Error, attempt: Int) -> Duration? {
    if let error = error as? TransportError {
      switch error.kind {
      case .transport: break
      case .http(let status) where status >= 500 || status == 408 || status == 429: break
      case .http, .malformed: return nil
      }
      if let retryAfter = error.retryAfter { return retryAfter <= maximumDelay ? retryAfter : nil }
    }
    let growth = pow(2, Double(min(attempt - 1, 30)))
    let full = min(maximumDelay.timeInterval, initialDelay.timeInterval * growth)
    return .seconds(full * (1 - jitter * Double.random(in: 0..<1)))
  }
}
