/// How deep objects may nest, counted in objects below the root, in a response the
/// normalizer writes and in the data a read builds.
///
/// Normalizing and reading recurse once per object level, on a new stack every
/// `StackSegments.levels` levels, so depth costs no thread's stack more than those levels.
/// The limit bounds what hostile input can cost (a thread and its stack per segment): a
/// response nested deeper fails as malformed, saying where, and a read that goes deeper
/// (through records that link in a cycle) reads null there with an `unexpected` event.
/// Threaded comments and file trees nest hundreds of levels, real operations a dozen or two.
package enum NestingLimit {
  package static let objects = 2_000

  /// How deep arrays and objects may nest in a whole response's JSON: `objects` objects,
  /// each in a list, with room for the levels around them. The values kept from a response
  /// (a custom scalar, an error's extensions) nest at most `JSONReader.defaultDepthLimit`.
  package static let responseJSON = 2 * objects + 64

  /// How deep a zero value's placeholder objects nest below where it is read: they are
  /// built on the reader's stack without new ones, and past this depth an object's zero
  /// value is null, so that selections nested without end get no endless placeholder.
  package static let zeroValues = 32
}
