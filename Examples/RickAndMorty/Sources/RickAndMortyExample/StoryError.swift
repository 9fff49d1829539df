/// A step of the story did not see what it waited for.
struct StoryError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
