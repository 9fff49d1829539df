/// Polls `condition` until it holds; throws after `seconds`. For effects that land in
/// another task (a heal is decided after the fetch that caused it has delivered).
func eventually(
  _ what: String, within seconds: Double = 10, _ condition: @Sendable () async throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while try await !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(description: "\(what): not within \(seconds) s") }
    try await Task.sleep(for: .milliseconds(10))
  }
}
