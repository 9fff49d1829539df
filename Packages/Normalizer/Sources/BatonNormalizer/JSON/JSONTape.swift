/// A JSON text as one flat list of tokens over its bytes, for the normalizer to walk
/// without a tree: an object is its token, then each member's key and value; an array its
/// token, then its items. A container's token says where its last item ends, so a value is
/// skipped in one step, and a string is the range of its bytes until a record keeps it.
///
/// Made by scanning a response's bytes (`JSONTape+Scanning.swift`), or from a value
/// already parsed (`init(_:)`, an optimistic response's or an increment's), whose strings
/// and numbers it keeps as text beside the tokens.
///
/// - Complexity: a token of 12 bytes per value and key, none per byte of a string.
struct JSONTape {
  enum Kind: UInt8 {
    case null, `false`, `true`
    /// `first..<second` of `bytes`, already checked.
    case number, string
    /// `strings[first]`: a string with escapes, or a value's text given already parsed.
    case storedNumber, storedString
    /// `first` is the index past its last token, `second` how many members or items.
    case object, array
  }

  struct Token {
    var kind: Kind
    var first: UInt32
    var second: UInt32
  }

  private(set) var tokens: [Token] = []
  private(set) var bytes: [UInt8] = []
  private(set) var strings: [String] = []

  /// The tape of an empty object.
  static let emptyObject = JSONTape(tokens: [Token(kind: .object, first: 1, second: 0)], bytes: [], strings: [])

  init(tokens: [Token], bytes: [UInt8], strings: [String]) {
    self.tokens = tokens
    self.bytes = bytes
    self.strings = strings
  }

  /// The tape of a value already parsed, made without recursion.
  init(_ value: JSONValue) {
    enum Work {
      case value(JSONValue)
      case key(String)
      case close(Int)
    }
    var work: [Work] = [.value(value)]
    while let next = work.popLast() {
      switch next {
      case .close(let index):
        tokens[index].first = UInt32(truncatingIfNeeded: tokens.count)
      case .key(let key):
        appendStored(.storedString, key)
      case .value(let value):
        switch value {
        case .null: tokens.append(Token(kind: .null, first: 0, second: 0))
        case .bool(let flag): tokens.append(Token(kind: flag ? .true : .false, first: 0, second: 0))
        case .number(let text): appendStored(.storedNumber, text)
        case .string(let text): appendStored(.storedString, text)
        case .array(let items):
          work.append(.close(tokens.count))
          tokens.append(Token(kind: .array, first: 0, second: UInt32(truncatingIfNeeded: items.count)))
          for item in items.reversed() { work.append(.value(item)) }
        case .object(let members):
          work.append(.close(tokens.count))
          tokens.append(Token(kind: .object, first: 0, second: UInt32(truncatingIfNeeded: members.count)))
          for member in members.reversed() {
            work.append(.value(member.value))
            work.append(.key(member.key))
          }
        }
      }
    }
  }

  private mutating func appendStored(_ kind: Kind, _ text: String) {
    tokens.append(Token(kind: kind, first: UInt32(truncatingIfNeeded: strings.count), second: 0))
    strings.append(text)
  }

  func kind(_ index: Int) -> Kind { tokens[index].kind }

  /// The index of the value after the one at `index`.
  func skip(_ index: Int) -> Int {
    let token = tokens[index]
    return token.kind == .object || token.kind == .array ? Int(token.first) : index + 1
  }

  /// How many members or items the container at `index` holds.
  func count(_ index: Int) -> Int { Int(tokens[index].second) }

  /// The value of the member `key` of the object at `object`, compared on the bytes (as two
  /// words when the caller has the key `packed`).
  ///
  /// - Complexity: O(members before it).
  func member(_ key: String, packed: PackedKey? = nil, of object: Int) -> Int? {
    let end = Int(tokens[object].first)
    var index = object + 1
    while index < end {
      if isKey(index, key, packed) { return index + 1 }
      index = skip(index + 1)
    }
    return nil
  }

  /// As `member(_:of:)`, looking first from `cursor` (a member's key of the object, or its
  /// end) on: members come in the order of the selections, so a walk of them meets each
  /// in one step. Leaves `cursor` past the member found.
  func member(_ key: String, packed: PackedKey?, of object: Int, from cursor: inout Int) -> Int? {
    let end = Int(tokens[object].first)
    var index = cursor
    var wrapped = false
    while true {
      if index >= end {
        guard !wrapped else { return nil }
        wrapped = true
        index = object + 1
      }
      if wrapped && index >= cursor { return nil }
      if isKey(index, key, packed) {
        cursor = skip(index + 1)
        return index + 1
      }
      index = skip(index + 1)
    }
  }

  private func isKey(_ index: Int, _ key: String, _ packed: PackedKey? = nil) -> Bool {
    let token = tokens[index]
    guard token.kind == .string else { return strings[Int(token.first)] == key }
    let start = Int(token.first)
    let count = Int(token.second) - start
    if let packed, let matches = bytes.withUnsafeBytes({ packed.matches($0, at: start, count: count) }) {
      return matches
    }
    guard key.utf8.count == count else { return false }
    // A native or small string's bytes are compared in place, not walked through its UTF-8
    // view a byte at a time, nor copied.
    return bytes.withUnsafeBufferPointer { buffer in
      let member = UnsafeBufferPointer(rebasing: buffer[start..<start + count])
      return key.utf8.withContiguousStorageIfAvailable { $0.sameBytes(as: member) } ?? key.utf8.elementsEqual(member)
    }
  }

  /// The text of the string (or number) at `index`.
  func text(_ index: Int) -> String {
    let token = tokens[index]
    switch token.kind {
    case .string, .number:
      return bytes.withUnsafeBufferPointer { buffer in
        String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(token.first)..<Int(token.second)]), as: UTF8.self)
      }
    case .storedString, .storedNumber:
      return strings[Int(token.first)]
    default:
      return ""
    }
  }

  /// Whether the value at `index` is the string `text`, compared on the bytes without
  /// making a string.
  func isString(_ index: Int, _ text: String) -> Bool {
    switch tokens[index].kind {
    case .string, .storedString: isKey(index, text)
    default: false
    }
  }

  /// The string at `index`, or `nil` for a value of another kind.
  func string(_ index: Int) -> String? {
    switch tokens[index].kind {
    case .string, .storedString: text(index)
    default: nil
    }
  }

  func isContainer(_ index: Int) -> Bool { tokens[index].kind == .object || tokens[index].kind == .array }

  /// A word for the kind of value, used in messages, as `JSONValue.kindDescription`.
  func kindDescription(_ index: Int) -> String {
    switch tokens[index].kind {
    case .null: "null"
    case .false, .true: "a boolean"
    case .number, .storedNumber: "a number"
    case .string, .storedString: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }
}
