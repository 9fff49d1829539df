/// Why the image file does not hold what the store holds.
struct ImageBehindStore: Error, CustomStringConvertible {
  var description: String { "the image file never caught up with the store's records" }
}
