/// Runs `body` and returns what it returns; after `timeout` cancels it and throws
/// `TimedOut` naming `what`, as `eventually` does. For a loop over a stream that waits for
/// an element which may never come: the stream's iteration ends at the cancellation, so a
/// test fails in seconds instead of waiting forever.
public func waiting<Result: Sendable>(
  for what: String, within timeout: Duration = .seconds(30), _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
  try await withThrowingTaskGroup(of: Result?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: timeout)
      return nil
    }
    defer { group.cancelAll() }
    guard let result = try await group.next(), let result else {
      throw TimedOut(description: "\(what): not within \(timeout)")
    }
    return result
  }
}
