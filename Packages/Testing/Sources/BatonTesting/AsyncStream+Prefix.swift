extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `condition`, in order;
  /// throws `TimedOut` after `timeout` without one, or when the stream ends first.
  public func prefix(
    through condition: @escaping @Sendable (Element) -> Bool, within timeout: Duration = .seconds(30)
  ) async throws -> [Element] {
    let outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
      group.addTask {
        var seen: [Element] = []
        for await element in self {
          seen.append(element)
          if condition(element) { return .found(seen) }
        }
        return .ended(seen)
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return .timedOut
      }
      defer { group.cancelAll() }
      return try await group.next() ?? .timedOut
    }
    switch outcome {
    case .found(let seen):
      return seen
    case .ended(let seen):
      throw TimedOut(description: "the stream ended after \(seen.count) elements, none satisfying the condition; last: \(seen.last.map { "\($0)" } ?? "none")")
    case .timedOut:
      throw TimedOut(description: "no element satisfied the condition within \(timeout)")
    }
  }

  private enum Outcome: Sendable {
    case found([Element])
    case ended([Element])
    case timedOut
  }
}
