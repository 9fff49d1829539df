/// Renders a place in a source as graphql-js's `printLocation` does: the location
/// header, then the line before, the line itself with a caret under the column, and the
/// line after. Lines over 120 code points are shown in 80-code-point chunks.
public enum PrintLocation {
  /// `name:line:column` and the code frame, exactly as graphql-core's
  /// `print_source_location`.
  public static func print(_ source: Source, _ location: SourceLocation) -> String {
    "\(source.name):\(location.line):\(location.column)\n" + codeFrame(source, location)
  }

  /// The code frame alone, without the header line.
  static func codeFrame(_ source: Source, _ location: SourceLocation) -> String {
    let lines = splitLines(source.bytes)
    let lineIndex = location.line - 1
    guard lineIndex >= 0, lineIndex < lines.count else { return "" }
    let lineNumber = location.line
    let column = location.column
    let locationLine = lines[lineIndex]

    if locationLine.count > 120 {
      let subLines = stride(from: 0, to: locationLine.count, by: 80).map {
        String(String.UnicodeScalarView(locationLine[$0..<min($0 + 80, locationLine.count)]))
      }
      let subLineIndex = min(max(column - 1, 0) / 80, subLines.count - 1)
      let subLineColumn = column - subLineIndex * 80
      var rows: [(String, String?)] = [("\(lineNumber) |", subLines[0])]
      for subLine in subLines[1..<(subLineIndex + 1)] {
        rows.append(("|", subLine))
      }
      rows.append(("|", caret(at: subLineColumn)))
      rows.append(("|", subLineIndex < subLines.count - 1 ? subLines[subLineIndex + 1] : nil))
      return prefixedLines(rows)
    }

    func text(_ scalars: [Unicode.Scalar]) -> String {
      String(String.UnicodeScalarView(scalars))
    }
    return prefixedLines([
      ("\(lineNumber - 1) |", lineIndex > 0 ? text(lines[lineIndex - 1]) : nil),
      ("\(lineNumber) |", text(locationLine)),
      ("|", caret(at: column)),
      ("\(lineNumber + 1) |", lineIndex < lines.count - 1 ? text(lines[lineIndex + 1]) : nil),
    ])
  }

  private static func caret(at column: Int) -> String {
    String(repeating: " ", count: max(column - 1, 0)) + "^"
  }

  private static func prefixedLines(_ rows: [(String, String?)]) -> String {
    let existing = rows.compactMap { row in row.1.map { (row.0, $0) } }
    let width = existing.map(\.0.count).max() ?? 0
    return existing.map { prefix, line in
      String(repeating: " ", count: width - prefix.count) + prefix
        + (line.isEmpty ? "" : " " + line)
    }.joined(separator: "\n")
  }

  /// Splits on `\r\n`, `\n` and `\r`, keeping a final empty line as graphql-core does.
  private static func splitLines(_ bytes: [UInt8]) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = []
    var current: [Unicode.Scalar] = []
    var previousWasCR = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(current)
        current = []
      } else {
        current.append(scalar)
      }
    }
    lines.append(current)
    return lines
  }
}
