import Foundation

/// Where the environment gets the time: fetch times, failure times and staleness, and
/// when to wake to show that data turned stale. A test passes a clock it moves by hand,
/// and implements `sleep(until:)` so that moving it wakes the sleepers.
public protocol StoreClock: Sendable {
  var now: Date { get }

  /// Returns once `now` has reached `deadline`; throws `CancellationError` if the task is
  /// cancelled first. It may return early: the environment checks `now` again and sleeps
  /// anew. The default sleeps for `deadline - now` of real time, which suits clocks that
  /// follow the wall clock; a clock moved by hand resumes its sleepers when it is moved.
  /// The cancellation may come while the environment holds its lock: a cancellation
  /// handler must not call the environment.
  func sleep(until deadline: Date) async throws
}

extension StoreClock {
  /// Sleeps for the time left until `deadline` by `now`: what a clock that only tells the
  /// time needs.
  public func sleep(until deadline: Date) async throws {
    let remaining = deadline.timeIntervalSince(now)
    guard remaining > 0 else { return try Task.checkCancellation() }
    try await Task.sleep(for: .seconds(remaining))
  }
}

/// The system's wall clock; dates survive a relaunch, which staleness across launches needs.
public struct SystemClock: StoreClock {
  /// The system clock.
  public init() {}
  /// The current date and time.
  public var now: Date { Date() }
}

extension Duration {
  /// The duration in seconds, for date arithmetic.
  package var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
