import BatonStore

extension OperationHandle {
  /// The snapshots from the current one up to and including the first that satisfies
  /// `condition`, in order; throws `TimedOut` after `timeout` without one.
  @discardableResult
  public func snapshots(
    until condition: @escaping @Sendable (OperationSnapshot<Request.Data>) -> Bool,
    within timeout: Duration = .seconds(30)
  ) async throws -> [OperationSnapshot<Request.Data>] {
    do {
      return try await snapshots.prefix(through: condition, within: timeout)
    } catch let timedOut as TimedOut {
      throw TimedOut(description: "\(Request.operation.name): \(timedOut.description); now \(snapshot.summary)")
    }
  }

  /// Waits until the handle has settled: no fetch in flight and not loading (ready, or
  /// failed). Throws `TimedOut`, saying what the handle showed, after `timeout`.
  @discardableResult
  public func settled(within timeout: Duration = .seconds(30)) async throws -> OperationSnapshot<Request.Data> {
    try await last(of: snapshots(until: { !$0.fetch.isInFlight && !$0.phase.isLoading }, within: timeout))
  }

  /// Waits until the handle's phase is `phase`; throws `TimedOut` after `timeout`.
  @discardableResult
  public func waitFor(
    phase: PhaseKind, within timeout: Duration = .seconds(30)
  ) async throws -> OperationSnapshot<Request.Data> {
    try await last(of: snapshots(until: { PhaseKind($0.phase) == phase }, within: timeout))
  }

  /// Waits until the handle is ready with no fetch in flight, and returns the data.
  @discardableResult
  public func settledData(within timeout: Duration = .seconds(30)) async throws -> Request.Data {
    let last = try await last(of: snapshots(until: { $0.phase.data != nil && !$0.fetch.isInFlight }, within: timeout))
    guard let data = last.phase.data else { throw TimedOut(description: "\(Request.operation.name): no data") }
    return data
  }

  /// Waits until the last fetch failed, and returns its failure.
  @discardableResult
  public func fetchFailure(within timeout: Duration = .seconds(30)) async throws -> FetchFailure {
    let last = try await last(of: snapshots(until: { $0.fetch.failure != nil }, within: timeout))
    guard let failure = last.fetch.failure else { throw TimedOut(description: "\(Request.operation.name): no failure") }
    return failure
  }

  private func last(of snapshots: [OperationSnapshot<Request.Data>]) throws -> OperationSnapshot<Request.Data> {
    guard let last = snapshots.last else { throw TimedOut(description: "\(Request.operation.name): no snapshot") }
    return last
  }
}

extension OperationSnapshot {
  /// The phase, fetch and freshness in a few words, for a time-out's message.
  var summary: String {
    "\(PhaseKind(phase)), fetch \(fetch), \(isStale ? "stale" : "fresh"), \(fieldErrors.count) field errors"
  }
}
