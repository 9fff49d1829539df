/// The byte range of a node in its `Source`: from the first byte of its first token to
/// the end of its last token.
///
/// Line and column are derived on demand with `Source.location(at:)`, so that parsing
/// never pays for them.
public struct Location: Hashable, Sendable {
  /// Byte offset of the node's first byte in the source's UTF-8 bytes.
  public var start: Int
  /// Byte offset just past the node's last byte.
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }
}
