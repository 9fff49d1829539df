import BatonNormalizer

/// Everything a subscription handle shows, as one consistent value.
public struct SubscriptionSnapshot<Data: Sendable>: Sendable {
  /// The last event's data, as the store read it right after writing the event; `nil`
  /// before the first.
  public var latest: Data?
  /// How many events arrived.
  public var eventCount: Int
  /// `.inFlight(since:)` until the subscription runs, `.idle` while it runs,
  /// `.reconnecting(since:attempt:)` while its connection is down, `.failed` once it failed
  /// (an event without data fails it for that event; a transport failure for good).
  public var fetch: FetchState
  /// Field errors of the last event that no `@catch` caught.
  public var fieldErrors: [ReadEvent]
  /// Whether the subscription ended: the server completed it, or it failed for good.
  public var isFinished: Bool
}
