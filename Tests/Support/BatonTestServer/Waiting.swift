/// Why a test stopped waiting.
public struct TimedOut: Error, CustomStringConvertible {
  public var description: String

  public init(description: String) {
    self.description = description
  }
}

/// Polls `condition` until it holds; throws after `seconds`. For effects that land in
/// another task (a heal is decided after the fetch that caused it has delivered).
public func eventually(
  _ what: String, within seconds: Double = 10, _ condition: @Sendable () async throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while try await !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(description: "\(what): not within \(seconds) s") }
    try await Task.sleep(for: .milliseconds(10))
  }
}

extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `condition`, in order;
  /// throws `TimedOut` after `seconds` without one.
  public func prefix(
    through condition: @escaping @Sendable (Element) -> Bool, within seconds: Double = 10
  ) async throws -> [Element] {
    try await withThrowingTaskGroup(of: [Element]?.self) { group in
      group.addTask {
        var seen: [Element] = []
        for await element in self {
          seen.append(element)
          if condition(element) { return seen }
        }
        return nil
      }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      guard let seen = try await group.next() ?? nil else {
        throw TimedOut(description: "no element satisfied the condition within \(seconds) s")
      }
      return seen
    }
  }
}
