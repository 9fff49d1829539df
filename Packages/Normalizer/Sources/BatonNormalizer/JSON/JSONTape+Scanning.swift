extension JSONTape {
  /// The tape of a JSON text, or `nil` when `JSONReader` would refuse the text: the same
  /// grammar, UTF-8 checks, duplicate keys and `depthLimit`, with the reader's own string
  /// and number scanning. It keeps no path: the caller asks the reader why the text failed.
  ///
  /// - Complexity: O(n) in the length of the text; duplicate-key checks compare bytes
  ///   for small objects and hash for large ones.
  init?(scanning text: [UInt8], depthLimit: Int) {
    guard text.count < Int(UInt32.max) else { return nil }
    var strings: [String] = []
    let scanned: [Token]? = text.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer, depthLimit: depthLimit)
      do throws(JSONReaderError) {
        return try reader.scanTokens(into: &strings)
      } catch {
        return nil
      }
    }
    guard let scanned else { return nil }
    self.init(tokens: scanned, bytes: text, strings: strings)
  }
}

extension JSONReader {
  /// A container of the tape still open: its token and, for an object, where its keys'
  /// tokens start in `keys`.
  private struct OpenToken {
    let index: Int
    let isObject: Bool
    let firstKey: Int
    var count: UInt32 = 0
    /// A bit for each of an object's keys so far (`keyBit`): a key whose bit is not among
    /// them is new without being compared with the keys before it.
    var keyBits: UInt64 = 0
    /// An object's keys as text once it grows past the size where hashing pays.
    var keySet: Set<String>? = nil
  }

  /// Reads the text into tokens with an explicit stack of open containers, so that nesting
  /// costs heap, not thread stack, as `parseText` does.
  fileprivate mutating func scanTokens(into strings: inout [String]) throws(JSONReaderError) -> [JSONTape.Token] {
    var tokens: [JSONTape.Token] = []
    var open: [OpenToken] = []
    // The key tokens of the open objects, innermost last.
    var keys: [Int] = []
    while true {
      skipWhitespace()
      guard offset < bytes.count else { throw fail(.unexpectedEnd) }
      switch bytes[offset] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[offset] == UInt8(ascii: "{")
        guard open.count < depthLimit else { throw fail(.depthLimitExceeded(depthLimit)) }
        offset += 1
        let index = tokens.count
        tokens.append(JSONTape.Token(kind: isObject ? .object : .array, first: 0, second: 0))
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: isObject ? "}" : "]") {
          offset += 1
          tokens[index].first = UInt32(tokens.count)
        } else {
          open.append(OpenToken(index: index, isObject: isObject, firstKey: keys.count))
          if isObject { try scanKey(&tokens, &strings, &open[open.count - 1], &keys) }
          continue
        }
      case UInt8(ascii: "\""): try appendString(&tokens, &strings)
      case UInt8(ascii: "t"): try expectLiteral("true"); tokens.append(JSONTape.Token(kind: .true, first: 0, second: 0))
      case UInt8(ascii: "f"): try expectLiteral("false"); tokens.append(JSONTape.Token(kind: .false, first: 0, second: 0))
      case UInt8(ascii: "n"): try expectLiteral("null"); tokens.append(JSONTape.Token(kind: .null, first: 0, second: 0))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = offset
        try skipNumber()
        tokens.append(JSONTape.Token(kind: .number, first: UInt32(start), second: UInt32(offset)))
      case let byte: throw fail(.unexpectedCharacter(byte))
      }
      // A value is complete: go on in the containers around it, closing each it completes.
      closing: while let last = open.indices.last {
        open[last].count += 1
        skipWhitespace()
        guard offset < bytes.count else { throw fail(.unexpectedEnd) }
        switch (bytes[offset], open[last].isObject) {
        case (UInt8(ascii: ","), false):
          offset += 1
          break closing
        case (UInt8(ascii: ","), true):
          offset += 1
          try scanKey(&tokens, &strings, &open[last], &keys)
          break closing
        case (UInt8(ascii: "]"), false), (UInt8(ascii: "}"), true):
          offset += 1
          let closed = open.removeLast()
          tokens[closed.index].first = UInt32(tokens.count)
          tokens[closed.index].second = closed.count
          keys.removeSubrange(closed.firstKey...)
        case (let byte, _):
          throw fail(.unexpectedCharacter(byte))
        }
      }
      if open.isEmpty {
        skipWhitespace()
        guard offset == bytes.count else { throw fail(.trailingCharacters) }
        return tokens
      }
    }
  }

  @inline(__always)
  private mutating func appendString(
    _ tokens: inout [JSONTape.Token], _ strings: inout [String]
  ) throws(JSONReaderError) {
    switch try scanString() {
    case .plain(let range):
      tokens.append(JSONTape.Token(kind: .string, first: UInt32(range.lowerBound), second: UInt32(range.upperBound)))
    case .unescaped(let text):
      tokens.append(JSONTape.Token(kind: .storedString, first: UInt32(strings.count), second: 0))
      strings.append(text)
    }
  }

  /// Reads `"key":` before a member's value, refusing a key the object already has.
  private mutating func scanKey(
    _ tokens: inout [JSONTape.Token], _ strings: inout [String], _ object: inout OpenToken, _ keys: inout [Int]
  ) throws(JSONReaderError) {
    skipWhitespace()
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    guard bytes[offset] == UInt8(ascii: "\"") else { throw fail(.unexpectedCharacter(bytes[offset])) }
    let keyOffset = offset
    let index = tokens.count
    try appendString(&tokens, &strings)
    if isDuplicate(index, tokens, strings, &object, keys) { throw JSONReaderError(.duplicateKey(""), offset: keyOffset) }
    keys.append(index)
    skipWhitespace()
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    guard bytes[offset] == UInt8(ascii: ":") else { throw fail(.unexpectedCharacter(bytes[offset])) }
    offset += 1
  }

  private func isDuplicate(
    _ key: Int, _ tokens: [JSONTape.Token], _ strings: [String], _ object: inout OpenToken, _ keys: [Int]
  ) -> Bool {
    if keys.count - object.firstKey < 16 {
      let token = tokens[key]
      let bit = keyBit(token, strings)
      guard object.keyBits & bit != 0 else {
        object.keyBits |= bit
        return false
      }
      // A loop, not `contains` over a slice: no closure and no retain of the arrays per key.
      for position in object.firstKey..<keys.count where sameText(tokens[keys[position]], token, strings) {
        return true
      }
      return false
    }
    if object.keySet == nil { object.keySet = Set(keys[object.firstKey...].map { text(tokens[$0], strings) }) }
    return object.keySet?.insert(text(tokens[key], strings)).inserted == false
  }

  /// One of 64 bits, from the key's length and its first and last bytes: equal keys have
  /// the same bit, and the dozen keys of an object seldom share one.
  private func keyBit(_ token: JSONTape.Token, _ strings: [String]) -> UInt64 {
    let count: Int
    let first: UInt8
    let last: UInt8
    if token.kind == .string {
      count = Int(token.second - token.first)
      first = count > 0 ? bytes[Int(token.first)] : 0
      last = count > 0 ? bytes[Int(token.second) - 1] : 0
    } else {
      let utf8 = text(token, strings).utf8
      count = utf8.count
      first = utf8.first ?? 0
      last = utf8.last ?? 0
    }
    let mixed = (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
      ^ (UInt64(first) &* 0xFF51_AFD7_ED55_8CCD) ^ (UInt64(last) &* 0xC4CE_B9FE_1A85_EC53)
    return 1 << (mixed >> 58)
  }

  private func sameText(_ one: JSONTape.Token, _ other: JSONTape.Token, _ strings: [String]) -> Bool {
    if one.kind == .string && other.kind == .string {
      let count = Int(one.second - one.first)
      guard Int(other.second - other.first) == count else { return false }
      return UnsafeBufferPointer(rebasing: bytes[Int(one.first)..<Int(one.second)])
        .sameBytes(as: UnsafeBufferPointer(rebasing: bytes[Int(other.first)..<Int(other.second)]))
    }
    return text(one, strings) == text(other, strings)
  }

  private func text(_ token: JSONTape.Token, _ strings: [String]) -> String {
    guard token.kind == .string else { return strings[Int(token.first)] }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.first)..<Int(token.second)]), as: UTF8.self)
  }
}
