import Foundation

/// Where the environment gets the time: fetch times, failure times and staleness. A test
/// passes a clock it moves by hand.
public protocol StoreClock: Sendable {
  var now: Date { get }
}

/// The system's wall clock; dates survive a relaunch, which staleness across launches needs.
public struct SystemClock: StoreClock {
  public init() {}
  public var now: Date { Date() }
}

extension Duration {
  /// The duration in seconds, for date arithmetic.
  var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
