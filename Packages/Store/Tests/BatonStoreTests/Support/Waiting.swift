import BatonStore
import BatonTestServer
import Foundation
import Testing

extension OperationHandle {
  /// The snapshots up to and including the first that satisfies `condition`, in order;
  /// throws after `seconds` without one.
  @discardableResult
  func snapshots(
    until condition: @escaping @Sendable (OperationSnapshot<Request.Data>) -> Bool, within seconds: Double = 10
  ) async throws -> [OperationSnapshot<Request.Data>] {
    try await snapshots.prefix(through: condition, within: seconds)
  }

  /// Waits until the handle is ready with no fetch in flight.
  @discardableResult
  func settledData(within seconds: Double = 10) async throws -> Request.Data {
    let last = try await snapshots(until: { $0.phase.data != nil && !$0.fetch.isInFlight }, within: seconds).last
    guard let data = last?.phase.data else { throw TimedOut(description: "no data") }
    return data
  }

  /// Waits until the last fetch failed.
  @discardableResult
  func fetchFailure(within seconds: Double = 10) async throws -> FetchFailure {
    let last = try await snapshots(until: { $0.fetch.failure != nil }, within: seconds).last
    guard let failure = last?.fetch.failure else { throw TimedOut(description: "no failure") }
    return failure
  }
}
