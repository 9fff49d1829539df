/// Writes JSON text: compact, strings escaped minimally (quote, backslash and control
/// characters; everything else as UTF-8), numbers as their literal text.
///
/// `sortedKeys` gives the canonical form used for storage keys, where two equal argument
/// objects must print the same whatever order they were written in.
@_spi(Development) public enum JSONWriter {
  /// The value as JSON text.
  public static func string(_ value: JSONValue, sortedKeys: Bool = false) -> String {
    var bytes: [UInt8] = []
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
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                  hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
