extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `condition`, in order;
  /// throws after `seconds` without one.
  func prefix(
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
