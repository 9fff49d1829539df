import GraphQLSyntax

/// Line and column of byte offsets in a source, found by binary search over the line
/// starts instead of a scan from the beginning, for sources with many located errors.
///
/// - Complexity: O(n) to build; O(log lines + column) per lookup.
struct LineTable: Sendable {
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  let file: String

  init(_ source: Source) {
    self.bytes = source.bytes
    self.file = source.name
    var starts = [0]
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        starts.append(index + 1)
      } else if bytes[index] == 0x0D {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    self.lineStarts = starts
  }

  /// `file:line:column` of a byte offset; the column counts code points.
  func location(at offset: Int) -> SchemaLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = lineStarts[low]
    let end = min(offset, bytes.count)
    while index < end {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SchemaLocation(file: file, line: low + 1, column: column)
  }
}
