import BatonTestServer
import Baton

extension OperationHandle {
  /// Waits until the handle is ready with no fetch in flight.
  @discardableResult
  func settledData(within seconds: Double = 10) async throws -> Request.Data {
    let last = try await snapshots.prefix(through: { $0.phase.data != nil && !$0.fetch.isInFlight }, within: seconds).last
    guard let data = last?.phase.data else { throw TimedOut(description: "no data") }
    return data
  }
}
