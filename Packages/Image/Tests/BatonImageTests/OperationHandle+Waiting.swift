import BatonStore
import Foundation

/// Why a test stopped waiting.
struct WaitTimedOut: Error, CustomStringConvertible {
  var description: String
}

extension OperationHandle {
  /// Polls until `condition` holds for the handle's snapshot; throws after `seconds`.
  func wait(
    for what: String, within seconds: Double = 10, until condition: (OperationSnapshot<Request.Data>) -> Bool
  ) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition(snapshot) {
      guard Date() < deadline else { throw WaitTimedOut(description: "\(what) did not happen within \(seconds) s") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until the handle has data and no fetch in flight.
  func settle() async throws {
    try await wait(for: "settled data") { $0.phase.data != nil && !$0.fetch.isInFlight }
  }
}
