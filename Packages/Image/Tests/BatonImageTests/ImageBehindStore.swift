/// Why the image file does not hold what the store holds.
struct ImageBehindStore: Error, CustomStringConvertible {
  var description: String { "after flush() the image file does not hold the store's records" }
}
