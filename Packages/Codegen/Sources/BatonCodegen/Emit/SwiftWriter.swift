/// Builds generated Swift text line by line with two-space indentation, so output is
/// formatted the same way every time.
struct SwiftWriter {
  private(set) var text = ""
  private var depth = 0

  /// Appends `line` at the current indentation; an empty line gets no trailing spaces.
  mutating func line(_ line: String = "") {
    if !line.isEmpty { text += String(repeating: "  ", count: depth) + line }
    text += "\n"
  }

  /// Writes `opening`, the body one level deeper, and `closing`.
  mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
    line(opening)
    depth += 1
    body(&self)
    depth -= 1
    line(closing)
  }

  /// Writes schema-provided `text` as `///` lines that cannot end the comment or hide code.
  mutating func documentation(_ text: String) {
    for commentLine in SwiftNames.commentLines(text) {
      line(commentLine.isEmpty ? "///" : "/// " + commentLine)
    }
  }

  /// Writes `lines` as a Swift array literal `prefix[ ... ]` with one element a line.
  mutating func array(_ prefix: String, _ elements: [String], suffix: String = "") {
    guard !elements.isEmpty else {
      line(prefix + "[]" + suffix)
      return
    }
    line(prefix + "[")
    depth += 1
    for element in elements { line(element + ",") }
    depth -= 1
    line("]" + suffix)
  }
}
