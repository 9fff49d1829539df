import BatonStore
import BatonTestServer

extension OperationHandle {
  /// Waits until `condition` holds for the handle's snapshot; throws after `seconds`.
  func wait(
    for what: String, within seconds: Double = 10,
    until condition: @escaping @Sendable (OperationSnapshot<Request.Data>) -> Bool
  ) async throws {
    try await eventually(what, within: seconds) { [self] in condition(snapshot) }
  }

  /// Waits until the handle has data and no fetch in flight.
  func settle() async throws {
    try await wait(for: "settled data") { $0.phase.data != nil && !$0.fetch.isInFlight }
  }
}
