import BatonNormalizer

/// JSON written straight into bytes, the inspector's one output path for `--json`, the
/// page's data and the live snapshot: a store of 100,000 records renders in one pass with
/// no intermediate tree.
///
/// `<`, `>` and `&` are escaped as `\u003c`, `\u003e`, `\u0026` everywhere, so the same
/// bytes embed in an HTML `<script>` element without ending it early.
struct JSONBytes {
  private(set) var bytes: [UInt8] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func raw(_ byte: UInt8) {
    bytes.append(byte)
  }

  mutating func appendBytes(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  mutating func number(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A finite double; JSON has no infinity or NaN, so those are written as `null`.
  mutating func number(_ value: Double) {
    guard value.isFinite else { return raw("null") }
    bytes.append(contentsOf: String(value).utf8)
  }

  mutating func bool(_ value: Bool) {
    value ? raw("true") : raw("false")
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated() where Self.needsEscape(byte) {
        if start < index { bytes.append(contentsOf: utf8[start..<index]) }
        escape(byte)
        start = index + 1
      }
      if start < utf8.count { bytes.append(contentsOf: utf8[start...]) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// An object key followed by its colon; `first` says whether a comma goes before it.
  mutating func key(_ name: String, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    string(name)
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func optionalString(_ text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  mutating func json(_ value: JSONValue) {
    switch value {
    case .null: raw("null")
    case .bool(let flag): bool(flag)
    // A number's text came from a JSON document, so it is valid JSON as it stands.
    case .number(let text): bytes.append(contentsOf: text.utf8)
    case .string(let text): string(text)
    case .array(let items):
      raw(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { raw(UInt8(ascii: ",")) }
        json(item)
      }
      raw(UInt8(ascii: "]"))
    case .object(let members):
      raw(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        key(member.key, first: index == 0)
        json(member.value)
      }
      raw(UInt8(ascii: "}"))
    }
  }

  mutating func array<Element>(_ elements: some Sequence<Element>, _ write: (inout JSONBytes, Element) -> Void) {
    raw(UInt8(ascii: "["))
    var first = true
    for element in elements {
      if !first { raw(UInt8(ascii: ",")) }
      first = false
      write(&self, element)
    }
    raw(UInt8(ascii: "]"))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
      || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      raw("\\u00")
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0x0f)])
    }
  }
}
