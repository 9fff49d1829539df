/// Where each value of a JSON text starts, by the dotted path `ConfigReader` names keys with
/// (`scalars.DateTime`, `schema[0]`), or where the text stops being JSON: what lets a
/// baton.json error name its line and column. `JSONSerialization` reports neither.
///
/// - Complexity: O(n) in the text's length, one pass.
struct JSONPositions {
  /// A 1-based line and column, the column counted in characters.
  struct Position: Equatable {
    var line: Int
    var column: Int
  }

  /// The first place the text is not JSON, and what was expected there.
  struct SyntaxError: Error, Equatable {
    var position: Position
    var message: String
  }

  /// The start of each value, by path; the top-level value's path is empty.
  private(set) var values: [String: Position] = [:]
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  /// Reads `bytes`, or throws where they stop being JSON.
  init(_ bytes: [UInt8]) throws(SyntaxError) {
    self.bytes = bytes
    skipWhitespace()
    try value(at: "", depth: 0)
    skipWhitespace()
    if offset < bytes.count { throw failure("Unexpected text after the JSON value.") }
  }

  /// The position of `offset` in the text.
  var position: Position {
    Position(line: line, column: String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
  }

  private mutating func value(at path: String, depth: Int) throws(SyntaxError) {
    guard depth < 512 else { throw failure("The JSON is nested too deeply.") }
    values[path] = position
    guard let byte = peek() else { throw failure("Expected a JSON value, found the end of the file.") }
    switch byte {
    case UInt8(ascii: "{"):
      offset += 1
      try members(of: path, depth: depth)
    case UInt8(ascii: "["):
      offset += 1
      try elements(of: path, depth: depth)
    case UInt8(ascii: "\""):
      try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number()
    default:
      for word in ["true", "false", "null"] where bytes[offset...].starts(with: word.utf8) {
        offset += word.utf8.count
        return
      }
      throw failure("Expected a JSON value.")
    }
  }

  private mutating func members(of path: String, depth: Int) throws(SyntaxError) {
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw failure("Expected a quoted key.") }
      let key = try string()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw failure("Expected ':' after the key \"\(key)\".") }
      offset += 1
      skipWhitespace()
      try value(at: path.isEmpty ? key : path + "." + key, depth: depth + 1)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return
      default: throw failure("Expected ',' or '}' after the value of \"\(key)\".")
      }
    }
  }

  private mutating func elements(of path: String, depth: Int) throws(SyntaxError) {
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return
    }
    var index = 0
    while true {
      skipWhitespace()
      try value(at: "\(path)[\(index)]", depth: depth + 1)
      index += 1
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return
      default: throw failure("Expected ',' or ']' after an array element.")
      }
    }
  }

  /// A string's text, escapes decoded only as far as a key's name needs.
  @discardableResult
  private mutating func string() throws(SyntaxError) -> String {
    offset += 1
    var text: [UInt8] = []
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        offset += 1
        guard let escaped = peek(), Array("\"\\/bfnrtu".utf8).contains(escaped) else {
          throw failure("Expected an escape such as \\n or \\u0041 after '\\'.")
        }
        text.append(escaped)
        offset += 1
      case 0..<0x20:
        throw failure("Expected '\"' before the end of the line: a string cannot hold a line break.")
      default:
        text.append(byte)
        offset += 1
      }
    }
    throw failure("Expected '\"' before the end of the file.")
  }

  private mutating func number() throws(SyntaxError) {
    let start = offset
    while let byte = peek(), Array("+-.eE0123456789".utf8).contains(byte) { offset += 1 }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard text.last?.isNumber == true, text.first != "+" else {
      offset = start
      throw failure("Expected a number.")
    }
  }

  private mutating func skipWhitespace() {
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        lineStart = offset + 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
      default: return
      }
      offset += 1
    }
  }

  private func peek() -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  private func failure(_ message: String) -> SyntaxError {
    SyntaxError(position: position, message: message)
  }
}
