/// Block string rules of the GraphQL spec: the `BlockStringValue()` algorithm that turns
/// raw lines into a value, and graphql-js's `printBlockString`.
public enum BlockString {
  /// The value of a block string from its raw text `bytes[start..<end]`: lines split at
  /// `\n`, `\r\n` and `\r`, common indentation removed from all lines but the first,
  /// leading and trailing blank lines dropped, joined by `\n`; with `unescapingQuotes`,
  /// `\"""` becomes `"""` as in a block string token.
  ///
  /// - Complexity: Two passes over the text and one allocation for the value.
  static func value(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, unescapingQuotes: Bool
  ) -> String {
    var commonIndent = Int.max
    var firstNonEmptyLine = -1
    var lastNonEmptyLine = -1
    var lineIndex = 0
    var lineStart = start
    while true {
      let lineEnd = ByteScan.find(0x0A, 0x0D, in: bytes, from: lineStart, to: end)
      let indent = leadingWhiteSpace(bytes, lineStart..<lineEnd)
      if indent != lineEnd - lineStart {
        if firstNonEmptyLine < 0 { firstNonEmptyLine = lineIndex }
        lastNonEmptyLine = lineIndex
        if lineIndex != 0 && indent < commonIndent { commonIndent = indent }
      }
      guard lineEnd < end else { break }
      lineStart = lineEnd + (bytes[lineEnd] == 0x0D && lineEnd + 1 < end && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
      lineIndex += 1
    }
    guard firstNonEmptyLine >= 0 else { return "" }

    return String(unsafeUninitializedCapacity: end - start) { output in
      var count = 0
      var lineIndex = 0
      var lineStart = start
      while lineIndex <= lastNonEmptyLine {
        let lineEnd = ByteScan.find(0x0A, 0x0D, in: bytes, from: lineStart, to: end)
        if lineIndex >= firstNonEmptyLine {
          if lineIndex != firstNonEmptyLine {
            output[count] = 0x0A
            count += 1
          }
          let from = lineIndex == 0 ? lineStart : min(lineStart + commonIndent, lineEnd)
          count = copyLine(
            bytes, from: from, to: lineEnd, into: output, at: count,
            unescapingQuotes: unescapingQuotes)
        }
        guard lineEnd < end else { break }
        lineStart = lineEnd + (bytes[lineEnd] == 0x0D && lineEnd + 1 < end && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
        lineIndex += 1
      }
      return count
    }
  }

  /// Copies `bytes[start..<end]` to `output` at `offset` in runs between backslashes,
  /// dropping the backslash of each `\"""` when `unescapingQuotes`; returns the offset
  /// after the copy. `output` has room: values are never longer than their raw text.
  @inline(__always)
  private static func copyLine(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int, unescapingQuotes: Bool
  ) -> Int {
    var count = offset
    var index = start
    while index < end {
      var stop = unescapingQuotes ? ByteScan.find(0x5C, 0x5C, in: bytes, from: index, to: end) : end
      let isEscape =
        stop + 3 < end && bytes[stop + 1] == 0x22 && bytes[stop + 2] == 0x22
        && bytes[stop + 3] == 0x22
      if stop < end && !isEscape {
        stop += 1  // a backslash that escapes nothing is copied
      }
      let length = stop - index
      UnsafeMutableRawPointer(output.baseAddress.unsafelyUnwrapped + count).copyMemory(
        from: bytes.baseAddress.unsafelyUnwrapped + index, byteCount: length)
      count += length
      index = isEscape ? stop + 1 : stop
    }
    return count
  }

  /// Dedents a block string's raw text the way the lexer does (for tests and tools).
  public static func dedent(_ rawValue: String) -> String {
    let bytes = Array(rawValue.utf8)
    return bytes.withUnsafeBufferPointer {
      value($0, from: 0, to: $0.count, unescapingQuotes: false)
    }
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

  /// Whether `value` survives a round trip through a block string, as graphql-js's
  /// `isPrintableAsBlockString` decides: no leading newline, no trailing blank line, no
  /// common indentation, no control characters. Counts Unicode scalars, as graphql-js
  /// counts characters.
  public static func isPrintable(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\n":
        if isEmptyLine && !seenNonEmptyLine { return false }
        seenNonEmptyLine = true
        isEmptyLine = true
        hasIndent = false
      case " ", "\t":
        hasIndent = hasIndent || isEmptyLine
      default:
        if scalar.value <= 0x0F { return false }
        hasCommonIndent = hasCommonIndent && hasIndent
        isEmptyLine = false
      }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
  }
}
