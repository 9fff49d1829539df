import BatonTesting

extension AsyncStream where Element: Sendable {
  /// The elements up to and including the first that satisfies `done`; throws if none
  /// arrives within `seconds`.
  func collect(
    until what: String, within seconds: Double = 10, _ done: @escaping @Sendable (Element) -> Bool
  ) async throws -> [Element] {
    do {
      return try await prefix(through: done, within: .seconds(seconds))
    } catch is TimedOut {
      throw StoryError("gave up waiting for \(what)")
    }
  }
}
