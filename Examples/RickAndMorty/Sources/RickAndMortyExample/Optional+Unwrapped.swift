extension Optional {
  /// The value, or a `StoryError` saying a step saw nothing.
  func unwrapped() throws -> Wrapped {
    guard let value = self else { throw StoryError("a step saw no snapshot") }
    return value
  }
}
