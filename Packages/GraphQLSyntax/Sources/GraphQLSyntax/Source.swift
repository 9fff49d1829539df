/// GraphQL source text as UTF-8 bytes, with a name for diagnostics.
///
/// The lexer works on the bytes directly; AST locations are byte offsets into them, and
/// `location(at:)` turns an offset into the line and column that graphql-js and
/// graphql-core report (columns count Unicode code points, lines end at `\n`, `\r\n`
/// or `\r`).
public struct Source: Sendable {
  /// The well-formed UTF-8 bytes of the source text.
  public let bytes: [UInt8]
  /// The name shown in diagnostics, such as a file path.
  public let name: String
  /// Where each line starts, found once here so that each `location(at:)` is a binary
  /// search rather than a scan from the beginning.
  private let lineStarts: [Int]

  /// The default name of a source, as in graphql-js.
  public static let defaultName = "GraphQL request"

  public init(_ text: String, name: String = Source.defaultName) {
    self.bytes = Array(text.utf8)
    self.name = name
    self.lineStarts = Self.lineStarts(of: bytes)
  }

  /// Creates a source from bytes that should be UTF-8. Ill-formed sequences are replaced
  /// by U+FFFD, so that every later stage can rely on well-formed UTF-8.
  public init(bytes: [UInt8], name: String = Source.defaultName) {
    self.init(bytes: bytes, name: name, isWellFormed: Self.illFormedUTF8Offset(bytes) == nil)
  }

  /// A source from `bytes`, repaired unless `isWellFormed` says they need not be.
  init(bytes: [UInt8], name: String, isWellFormed: Bool) {
    self.bytes = isWellFormed ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
    self.name = name
    self.lineStarts = Self.lineStarts(of: self.bytes)
  }

  /// The source text as a string.
  public var body: String { String(decoding: bytes, as: UTF8.self) }

  /// The 1-based line and column of a byte offset.
  ///
  /// - Complexity: O(log lines + column): a binary search over the line starts, then a
  ///   count of the code points before `offset` on its line.
  public func location(at offset: Int) -> SourceLocation {
    let end = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= end { low = middle } else { high = middle - 1 }
    }
    // An offset at the `\n` of a `\r\n` counts as the start of the next line, as it
    // always has here (graphql-js gives column 0 there; no token starts at one).
    if end > lineStarts[low], bytes[end - 1] == 0x0D, end < bytes.count, bytes[end] == 0x0A {
      return SourceLocation(line: low + 2, column: 1)
    }
    var column = 1
    var position = lineStarts[low]
    while position < end {
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    return SourceLocation(line: low + 1, column: column)
  }

  /// The byte offset where each line starts, the first being 0. Lines end at `\n`,
  /// `\r\n` or `\r`.
  ///
  /// - Complexity: O(n), eight bytes at a time between line ends.
  private static func lineStarts(of bytes: [UInt8]) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      var starts = [0]
      var index = 0
      while true {
        index = ByteScan.find(0x0A, 0x0D, in: buffer, from: index, to: buffer.count)
        if index == buffer.count { return starts }
        if buffer[index] == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
        index += 1
        starts.append(index)
      }
    }
  }
}
