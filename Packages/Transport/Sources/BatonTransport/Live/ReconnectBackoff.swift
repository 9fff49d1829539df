/// How a subscription transport waits between reconnection attempts: exponential backoff
/// with jitter, so clients that lost the same server do not come back at the same instant.
public struct ReconnectBackoff: Sendable, Hashable {
  /// The wait before the first attempt.
  public var initialDelay: Duration
  /// The longest wait.
  public var maximumDelay: Duration
  /// How much each wait grows over the last.
  public var multiplier: Double
  /// The share of each wait that is random, 0...1: a wait of `d` becomes one in
  /// `d * (1 - jitter) ... d`.
  public var jitter: Double
  /// How many attempts in a row before giving up; `nil` tries for as long as a handle holds
  /// the subscription.
  public var maximumAttempts: Int?

  /// A backoff; the defaults wait 0.5 s, then 1 s, 2 s, ... up to 30 s, with half of each
  /// wait random, and never give up.
  public init(
    initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30), multiplier: Double = 2,
    jitter: Double = 0.5, maximumAttempts: Int? = nil
  ) {
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.multiplier = max(1, multiplier)
    self.jitter = min(max(jitter, 0), 1)
    self.maximumAttempts = maximumAttempts
  }

  /// The wait before attempt `attempt` (from 1), with `random` in 0...1 choosing the jitter.
  public func delay(forAttempt attempt: Int, random: Double) -> Duration {
    let growth = (0..<max(0, attempt - 1)).reduce(1.0) { value, _ in min(value * multiplier, 1e9) }
    let full = min(initialDelay.timeInterval * growth, maximumDelay.timeInterval)
    return .seconds(full * (1 - jitter * min(max(random, 0), 1)))
  }
}
