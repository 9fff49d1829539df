/// A piece of printed GraphQL and the two measures the printer's layout decisions use:
/// its length in Unicode code points (newlines included) and its number of newlines.
///
/// The combinators mirror graphql-core's `PrintBuffer` helpers: `join` skips empty
/// pieces, `wrap` drops its delimiters around an empty piece, `indented` indents every
/// line of a non-empty piece by two spaces.
struct PrintedText {
  private(set) var bytes: [UInt8]
  private(set) var length: Int
  private(set) var newlines: Int

  static let empty = PrintedText(bytes: [], length: 0, newlines: 0)

  private init(bytes: [UInt8], length: Int, newlines: Int) {
    self.bytes = bytes
    self.length = length
    self.newlines = newlines
  }

  init(_ text: String) {
    var length = 0
    var newlines = 0
    for byte in text.utf8 {
      if byte & 0xC0 != 0x80 { length += 1 }
      if byte == 0x0A { newlines += 1 }
    }
    self.init(bytes: Array(text.utf8), length: length, newlines: newlines)
  }

  var isEmpty: Bool { length == 0 }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ other: PrintedText) {
    bytes.append(contentsOf: other.bytes)
    length += other.length
    newlines += other.newlines
  }

  mutating func append(_ text: String) {
    append(PrintedText(text))
  }

  /// Every line indented by two spaces; an empty piece stays empty.
  func indented() -> PrintedText {
    guard !isEmpty else { return self }
    var output: [UInt8] = [0x20, 0x20]
    output.reserveCapacity(bytes.count + 2 * (newlines + 1))
    for byte in bytes {
      output.append(byte)
      if byte == 0x0A {
        output.append(0x20)
        output.append(0x20)
      }
    }
    return PrintedText(bytes: output, length: length + 2 * (newlines + 1), newlines: newlines)
  }

  /// The non-empty pieces, separated by `separator`.
  static func join(_ items: [PrintedText], _ separator: String = "") -> PrintedText {
    let separatorText = PrintedText(separator)
    var result = PrintedText.empty
    for item in items where !item.isEmpty {
      if !result.isEmpty && !separatorText.isEmpty {
        result.append(separatorText)
      }
      result.append(item)
    }
    return result
  }

  /// `start`, the piece and `end`, or nothing when the piece is nil or empty.
  static func wrap(_ start: String, _ item: PrintedText?, _ end: String = "") -> PrintedText {
    guard let item, !item.isEmpty else { return .empty }
    var result = PrintedText(start)
    result.append(item)
    result.append(end)
    return result
  }

  /// The items one per line in an indented `{ }` block, or nothing when there are none.
  static func block(_ items: [PrintedText]) -> PrintedText {
    wrap("{\n", join(items, "\n").indented(), "\n}")
  }

  /// The length of the non-empty items joined by `separator`.
  static func joinedLength(_ items: [PrintedText], _ separator: String) -> Int {
    var length = 0
    for item in items where !item.isEmpty {
      length += (length == 0 ? 0 : separator.unicodeScalars.count) + item.length
    }
    return length
  }

  /// Whether any item spans several lines.
  static func hasMultilineItems(_ items: [PrintedText]) -> Bool {
    items.contains { $0.newlines > 0 }
  }
}

extension PrintedText: ExpressibleByStringLiteral {
  init(stringLiteral value: String) {
    self.init(value)
  }
}
