extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `condition`, in order;
  /// throws `TimedOut` after `timeout` without one, or when the stream ends first.
  public func prefix(
    through condition: @escaping @Sendable (Element) -> Bool, within timeout: Duration = .seconds(30)
  ) async throws -> [Element] {
    let waited = try? await waiting(for: "an element satisfying the condition", within: timeout) {
      var seen: [Element] = []
      for await element in self {
        seen.append(element)
        if condition(element) { return (seen, true) }
      }
      return (seen, false)
    }
    guard let (seen, found) = waited else {
      throw TimedOut(description: "no element satisfied the condition within \(timeout)")
    }
    guard found else {
      throw TimedOut(description: "the stream ended after \(seen.count) elements, none satisfying the condition; last: \(seen.last.map { "\($0)" } ?? "none")")
    }
    return seen
  }
}
