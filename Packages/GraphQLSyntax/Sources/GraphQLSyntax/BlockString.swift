/// Block string rules of the GraphQL spec: the `BlockStringValue()` algorithm that turns
/// raw lines into a value, and graphql-js's `printBlockString`.
public enum BlockString {
  /// The value of a block string from its raw lines: common indentation removed from
  /// all lines but the first, leading and trailing blank lines dropped, joined by `\n`.
  ///
  /// - Parameters:
  ///   - raw: Bytes holding the raw text of all lines.
  ///   - lines: Each line's range in `raw`, without line terminators.
  static func value(_ raw: UnsafeBufferPointer<UInt8>, lines: [Range<Int>]) -> String {
    var commonIndent = Int.max
    var firstNonEmptyLine: Int?
    var lastNonEmptyLine = -1

    for (index, line) in lines.enumerated() {
      let indent = leadingWhiteSpace(raw, line)
      if indent == line.count {
        continue
      }
      if firstNonEmptyLine == nil {
        firstNonEmptyLine = index
      }
      lastNonEmptyLine = index
      if index != 0 && indent < commonIndent {
        commonIndent = indent
      }
    }

    let first = firstNonEmptyLine ?? 0
    guard first <= lastNonEmptyLine else { return "" }
    if first == lastNonEmptyLine {
      let line = lines[first]
      let start = first == 0 ? line.lowerBound : min(line.lowerBound + commonIndent, line.upperBound)
      return String(decoding: UnsafeBufferPointer(rebasing: raw[start..<line.upperBound]), as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(lines[lastNonEmptyLine].upperBound - lines[first].lowerBound)
    for index in first...lastNonEmptyLine {
      let line = lines[index]
      if index != first {
        output.append(0x0A)
      }
      let start = index == 0 ? line.lowerBound : min(line.lowerBound + commonIndent, line.upperBound)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[start..<line.upperBound]))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Dedents a block string's raw text the way the lexer does (for tests and tools).
  public static func dedent(_ rawValue: String) -> String {
    var raw: [UInt8] = []
    var lines: [Range<Int>] = []
    var lineStart = 0
    let bytes = Array(rawValue.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(lineStart..<raw.count)
        if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
          index += 1
        }
        lineStart = raw.count
      } else {
        raw.append(byte)
      }
      index += 1
    }
    lines.append(lineStart..<raw.count)
    return raw.withUnsafeBufferPointer { value($0, lines: lines) }
  }

  private static func leadingWhiteSpace(
    _ raw: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
  ) -> Int {
    var index = line.lowerBound
    while index < line.upperBound && (raw[index] == 0x20 || raw[index] == 0x09) {
      index += 1
    }
    return index - line.lowerBound
  }

  /// Prints `value` as a block string the way graphql-js and graphql-core do: indented
  /// block form with a leading and trailing newline unless the value is a short single
  /// line, and `"""` escaped.
  public static func print(_ value: String) -> String {
    let escaped = escapeTripleQuotes(value)
    let lines = splitLines(escaped)
    let isSingleLine = lines.count == 1

    let forceLeadingNewLine =
      lines.count > 1
      && lines.dropFirst().allSatisfy { line in
        line.first.map { $0 == " " || $0 == "\t" } ?? true
      }
    let hasTrailingTripleQuotes = escaped.utf8.reversed().starts(with: "\"\"\"\\".utf8)
    let hasTrailingQuote = value.utf8.last == 0x22 && !hasTrailingTripleQuotes
    let hasTrailingSlash = value.utf8.last == 0x5C
    let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash

    let printAsMultipleLines =
      !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine
      || forceLeadingNewLine || hasTrailingTripleQuotes

    let startsWithSpace = value.unicodeScalars.first.map { $0 == " " || $0 == "\t" } ?? false
    let skipLeadingNewLine = isSingleLine && startsWithSpace
    let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
    let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
    return "\"\"\"" + before + escaped + after + "\"\"\""
  }

  /// `value` with every `"""` replaced by `\"""`.
  private static func escapeTripleQuotes(_ value: String) -> String {
    let bytes = Array(value.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x22 && index + 2 < bytes.count && bytes[index + 1] == 0x22
        && bytes[index + 2] == 0x22
      {
        output.append(contentsOf: [0x5C, 0x22, 0x22, 0x22])
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Splits on `\r\n`, `\n` and `\r` only (not on other Unicode line breaks).
  private static func splitLines(_ text: String) -> [Substring.UnicodeScalarView] {
    var lines: [Substring.UnicodeScalarView] = []
    let scalars = text.unicodeScalars
    var lineStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\r" {
        lines.append(scalars[lineStart..<index])
        var next = scalars.index(after: index)
        if scalar == "\r" && next < scalars.endIndex && scalars[next] == "\n" {
          next = scalars.index(after: next)
        }
        index = next
        lineStart = next
      } else {
        index = scalars.index(after: index)
      }
    }
    lines.append(scalars[lineStart..<scalars.endIndex])
    return lines
  }
}
