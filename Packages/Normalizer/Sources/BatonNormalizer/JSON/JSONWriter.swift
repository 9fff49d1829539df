/// Writes JSON text: compact, strings escaped minimally (quote, backslash and control
/// characters; everything else as UTF-8), numbers as their literal text.
///
/// `sortedKeys` gives the canonical form used for storage keys, where two equal argument
/// objects must print the same whatever order they were written in.
@_spi(Development) public enum JSONWriter {
  /// The value as JSON text.
  public static func string(_ value: JSONValue, sortedKeys: Bool = false) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    write(value, sortedKeys: sortedKeys, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value's JSON text to `bytes`.
  ///
  /// Nested values are written from an explicit stack of the open containers, not by
  /// recursion, so the deepest value the reader accepts is written on the smallest stack.
  public static func write(_ value: JSONValue, sortedKeys: Bool = false, into bytes: inout [UInt8]) {
    var open: [(container: OpenContainer, next: Int)] = []
    var current = value
    while true {
      switch current {
      case .null: bytes.append(contentsOf: "null".utf8)
      case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
      case .number(let text): bytes.append(contentsOf: text.utf8)
      case .string(let text): writeString(text, into: &bytes)
      case .array(let elements):
        bytes.append(UInt8(ascii: "["))
        open.append((.array(elements), 0))
      case .object(let members):
        bytes.append(UInt8(ascii: "{"))
        open.append((.object(sortedKeys ? members.sorted { $0.key < $1.key } : members), 0))
      }
      // Move to the next value to write, closing every container that has none left.
      while true {
        guard let (container, next) = open.last else { return }
        guard next < container.count else {
          bytes.append(container.closingBracket)
          open.removeLast()
          continue
        }
        if next > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].next = next + 1
        switch container {
        case .array(let elements):
          current = elements[next]
        case .object(let members):
          writeString(members[next].key, into: &bytes)
          bytes.append(UInt8(ascii: ":"))
          current = members[next].value
        }
        break
      }
    }
  }

  /// An array or object being written.
  private enum OpenContainer {
    case array([JSONValue])
    case object([JSONMember])

    var count: Int {
      switch self {
      case .array(let elements): elements.count
      case .object(let members): members.count
      }
    }

    var closingBracket: UInt8 {
      switch self {
      case .array: UInt8(ascii: "]")
      case .object: UInt8(ascii: "}")
      }
    }
  }

  static func writeString(_ text: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    // The runs between characters that need escaping are copied whole: most strings (keys,
    // ids, argument values) have none.
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        appendEscape(byte, into: &bytes)
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ byte: UInt8, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }
}
