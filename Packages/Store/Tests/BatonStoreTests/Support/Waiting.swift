import BatonStore
import Foundation
import Testing

/// Why a test stopped waiting.
struct WaitTimedOut: Error, CustomStringConvertible {
  var description: String
}

extension OperationHandle {
  /// The snapshots up to and including the first that satisfies `condition`, in order;
  /// throws after `seconds` without one.
  @discardableResult
  func snapshots(
    until condition: @escaping @Sendable (OperationSnapshot<Request.Data>) -> Bool, within seconds: Double = 10
  ) async throws -> [OperationSnapshot<Request.Data>] {
    let stream = snapshots
    return try await withThrowingTaskGroup(of: [OperationSnapshot<Request.Data>]?.self) { group in
      group.addTask {
        var seen: [OperationSnapshot<Request.Data>] = []
        for await snapshot in stream {
          seen.append(snapshot)
          if condition(snapshot) { return seen }
        }
        return nil
      }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      guard let seen = try await group.next() ?? nil else {
        throw WaitTimedOut(description: "no snapshot satisfied the condition within \(seconds) s")
      }
      return seen
    }
  }

  /// Waits until the handle is ready with no fetch in flight.
  @discardableResult
  func settledData(within seconds: Double = 10) async throws -> Request.Data {
    let last = try await snapshots(until: { $0.phase.data != nil && !$0.fetch.isInFlight }, within: seconds).last
    guard let data = last?.phase.data else { throw WaitTimedOut(description: "no data") }
    return data
  }

  /// Waits until the last fetch failed.
  @discardableResult
  func fetchFailure(within seconds: Double = 10) async throws -> FetchFailure {
    let last = try await snapshots(until: { $0.fetch.failure != nil }, within: seconds).last
    guard let failure = last?.fetch.failure else { throw WaitTimedOut(description: "no failure") }
    return failure
  }
}
