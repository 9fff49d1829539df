/// The byte range of a node in its `Source`: from the first byte of its first token to
/// the end of its last token.
///
/// Line and column are derived on demand with `Source.location(at:)`, so that parsing
/// never pays for them. Offsets are stored in 32 bits to keep every AST node small
/// (sources are limited to 4 GiB).
public struct Location: Hashable, Sendable {
  private var storedStart: UInt32
  private var storedEnd: UInt32

  public init(start: Int, end: Int) {
    self.storedStart = UInt32(truncatingIfNeeded: start)
    self.storedEnd = UInt32(truncatingIfNeeded: end)
  }

  /// Byte offset of the node's first byte in the source's UTF-8 bytes.
  public var start: Int {
    get { Int(storedStart) }
    set { storedStart = UInt32(truncatingIfNeeded: newValue) }
  }

  /// Byte offset just past the node's last byte.
  public var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = UInt32(truncatingIfNeeded: newValue) }
  }

  /// Where a node has no location: no source reaches its last offset, so no parse gives
  /// this one.
  static let missing = Location(start: Int(UInt32.max), end: Int(UInt32.max))
}
