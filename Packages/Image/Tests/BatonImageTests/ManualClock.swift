import BatonStore
import Foundation

@testable import BatonImage

/// A clock a test moves by hand, shared by the environments of one test: "now" stays put
/// across a simulated relaunch unless the test moves it.
final class ManualClock: StoreClock {
  private let current: Locked<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    current = Locked(start)
  }

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
