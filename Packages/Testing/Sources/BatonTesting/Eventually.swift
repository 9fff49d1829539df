/// Polls `condition` every 10 ms until it holds; throws `TimedOut` naming `what` after
/// `timeout`. For effects that land in another task with nothing to observe (a heal is
/// decided after the fetch that caused it has delivered).
public func eventually(
  _ what: String, within timeout: Duration = .seconds(30), _ condition: @Sendable () async throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while try await !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(description: "\(what): not within \(timeout)") }
    try await Task.sleep(for: .milliseconds(10))
  }
}
