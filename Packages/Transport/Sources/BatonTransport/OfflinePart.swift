/// What a request does while `reachability` says the network is gone: wait until it is
/// back (the default: the fetch stays in flight, the data on screen), or fail at once as
/// a transport error, so the app can say it is offline.
///
/// Put it first in the chain, before `RetryPart`, so that a request failing fast is not
/// retried with backoff while the device is still offline.
public struct OfflinePart: TransportPart {
  /// What a request does while offline.
  public enum Policy: Sendable, Hashable {
    /// Waits until the network is back, then sends.
    case wait
    /// Fails at once as `TransportError(.transport)`.
    case failFast
  }

  /// Where the part learns whether the network is reachable.
  public let reachability: any Reachability
  /// What a request does while offline.
  public let policy: Policy

  /// A part that follows `reachability` with `policy`.
  public init(reachability: any Reachability, policy: Policy = .wait) {
    self.reachability = reachability
    self.policy = policy
  }

  /// Sends `request` once the network is reachable, or fails fast while it is not.
  public func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
    if !reachability.isOnline {
      guard policy == .wait else { throw TransportError(.transport, "the device is offline") }
      for await online in reachability.changes() where online { break }
      try Task.checkCancellation()
    }
    return try await next.send(request)
  }
}
