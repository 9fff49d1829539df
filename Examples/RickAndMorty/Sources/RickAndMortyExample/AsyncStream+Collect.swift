extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `done`; throws if none
  /// arrives within `seconds`.
  func collect(
    until what: String, within seconds: Double = 10, _ done: @escaping @Sendable (Element) -> Bool
  ) async throws -> [Element] {
    try await withThrowingTaskGroup(of: [Element]?.self) { group in
      group.addTask {
        var seen: [Element] = []
        for await element in self {
          seen.append(element)
          if done(element) { return seen }
        }
        return nil
      }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = try await group.next() ?? nil
      group.cancelAll()
      guard let seen = first else { throw StoryError("gave up waiting for \(what)") }
      return seen
    }
  }
}
