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

  /// The default name of a source, as in graphql-js.
  public static let defaultName = "GraphQL request"

  public init(_ text: String, name: String = Source.defaultName) {
    self.bytes = Array(text.utf8)
    self.name = name
  }

  /// Creates a source from bytes that should be UTF-8. Ill-formed sequences are replaced
  /// by U+FFFD, so that every later stage can rely on well-formed UTF-8.
  public init(bytes: [UInt8], name: String = Source.defaultName) {
    if Self.isWellFormedUTF8(bytes) {
      self.bytes = bytes
    } else {
      self.bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
    self.name = name
  }

  /// The source text as a string.
  public var body: String { String(decoding: bytes, as: UTF8.self) }

  /// The 1-based line and column of a byte offset.
  ///
  /// - Complexity: O(offset); meant for diagnostics, not for hot paths.
  public func location(at offset: Int) -> SourceLocation {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < end {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
      } else if byte == 0x0D {
        line += 1
        if index + 1 < bytes.count && bytes[index + 1] == 0x0A {
          index += 1
        }
        lineStart = index + 1
      }
      index += 1
    }
    var column = 1
    var position = lineStart
    while position < end {
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    return SourceLocation(line: line, column: column)
  }

  private static func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
    // Most GraphQL is ASCII: check eight bytes at a time before decoding anything.
    let isASCII = bytes.withUnsafeBufferPointer { buffer in
      ByteScan.isASCII(buffer)
    }
    if isASCII { return true }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
