/// A strict RFC 8259 JSON reader over UTF-8 bytes.
///
/// Strict means: no comments, no trailing commas, no leading zeros or bare `.5`, only the
/// four whitespace bytes, strings must be valid UTF-8 without raw control characters,
/// `\u` surrogates must pair, a key may appear once per object, and nothing but
/// whitespace may follow the value. Nesting deeper than `depthLimit` fails with an error
/// instead of exhausting the stack.
///
/// - Complexity: O(n) in the length of the text; duplicate-key checks are linear for
///   small objects and hashed for large ones.
@_spi(Development) public struct JSONReader {
  /// Deep enough for any value a response holds (a custom scalar, an error's extensions),
  /// shallow enough that comparing, hashing, writing and freeing one, which recurse, fit
  /// the smallest thread stack. A whole response may nest deeper: `NestingLimit.responseJSON`.
  public static let defaultDepthLimit = 512

  let bytes: UnsafeBufferPointer<UInt8>
  let depthLimit: Int
  var offset = 0
  /// How many containers enclosed the deepest value read.
  private var deepest = 0

  init(bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int) {
    self.bytes = bytes
    self.depthLimit = depthLimit
  }

  /// Parses one JSON text.
  public static func parse(
    _ text: [UInt8], depthLimit: Int = defaultDepthLimit
  ) throws(JSONReaderError) -> JSONValue {
    try parseMeasuringDepth(text, depthLimit: depthLimit).value
  }

  /// Parses one JSON text, telling how many containers enclose its deepest value.
  package static func parseMeasuringDepth(
    _ text: [UInt8], depthLimit: Int
  ) throws(JSONReaderError) -> (value: JSONValue, depth: Int) {
    let result: Result<(JSONValue, Int), JSONReaderError> = text.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer, depthLimit: depthLimit)
      do throws(JSONReaderError) {
        let value = try reader.parseText()
        reader.skipWhitespace()
        if reader.offset != buffer.count {
          if reader.deepest > JSONValue.freedByRecursion { JSONValue.dismantle(consume value) }
          throw JSONReaderError(.trailingCharacters, offset: reader.offset)
        }
        return .success((value, reader.deepest))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  func fail(_ kind: JSONReaderError.Kind) -> JSONReaderError {
    JSONReaderError(kind, offset: offset)
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONReaderError) {
    let count = literal.utf8CodeUnitCount
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for index in 0..<count {
      guard offset < bytes.count else { throw fail(.unexpectedEnd) }
      guard bytes[offset] == text[index] else { throw fail(.unexpectedCharacter(bytes[offset])) }
      offset += 1
    }
  }

  /// An array or object whose members are still being read, or the document around the
  /// top-level value. A struct of arrays rather than an enum, so that a member is appended
  /// in place, never to a copy.
  private struct OpenContainer {
    enum Kind { case document, array, object }

    let kind: Kind
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    var keys: Set<String>? = nil
    /// The key of the member whose value is being read (objects).
    var key = ""
    /// Where its size is noted when it closes (see `SizeHints`).
    var place = 0

    init(_ kind: Kind) {
      self.kind = kind
    }

    /// Room for `count` members or elements, so that a container of the size expected is
    /// made in one allocation of that size.
    mutating func reserve(_ count: Int) {
      guard count > 0 else { return }
      if kind == .object { members.reserveCapacity(count) } else { elements.reserveCapacity(count) }
    }

    /// How many members or elements it holds.
    var count: Int { kind == .object ? members.count : elements.count }

    /// Where the value being read sits in this container, for an error's path.
    var pathComponent: PathComponent? {
      switch kind {
      case .document: nil
      case .array: .index(elements.count)
      case .object: .key(key)
      }
    }
  }

  /// The size of the last container closed at each place, which the next container opened
  /// there starts with room for. A response repeats its shapes (every comment of a list
  /// has the same members): grown by doubling, a container took a few allocations, each
  /// freed but the last, which kept up to half its room unused.
  private struct SizeHints {
    /// Places per nesting level: objects and arrays apart, each by its position among its
    /// parent's members (an array's items share one).
    static let width = 16
    private var sizes: [Int] = []

    static func place(depth: Int, isObject: Bool, position: Int) -> Int {
      depth * width + (isObject ? 0 : width / 2) + Swift.min(position, width / 2 - 1)
    }

    /// At most `largest`: a container after a large one reserves no more than that, and
    /// past it growth by doubling costs few allocations for its size.
    func size(at place: Int) -> Int {
      place < sizes.count ? Swift.min(sizes[place], Self.largest) : 0
    }

    static let largest = 1024

    mutating func note(_ size: Int, at place: Int) {
      if place >= sizes.count { sizes.append(contentsOf: repeatElement(0, count: place + 1 - sizes.count)) }
      sizes[place] = size
    }
  }

  /// Reads one value with an explicit stack of the containers open around it, so that
  /// nesting costs heap, not thread stack: the deepest text the limit allows reads on the
  /// smallest thread stack, even in a debug build. The innermost container is a local, so
  /// that the common work, appending a member, touches no array of containers.
  private mutating func parseText() throws(JSONReaderError) -> JSONValue {
    var enclosing: [OpenContainer] = []
    var current = OpenContainer(.document)
    var hints = SizeHints()
    // Whether the reader is past a member of `current`, at its comma or closing bracket.
    var betweenMembers = false
    do throws(JSONReaderError) {
      while true {
        betweenMembers = false
        var value: JSONValue
        skipWhitespace()
        guard offset < bytes.count else { throw fail(.unexpectedEnd) }
        switch bytes[offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isObject = bytes[offset] == UInt8(ascii: "{")
          guard enclosing.count < depthLimit else { throw fail(.depthLimitExceeded(depthLimit)) }
          offset += 1
          skipWhitespace()
          if offset < bytes.count && bytes[offset] == UInt8(ascii: isObject ? "}" : "]") {
            offset += 1
            value = isObject ? .object([]) : .array([])
          } else {
            var opened = OpenContainer(isObject ? .object : .array)
            if isObject { try parseMemberKey(into: &opened) }
            opened.place = SizeHints.place(
              depth: enclosing.count, isObject: isObject, position: current.kind == .object ? current.count : 0)
            opened.reserve(hints.size(at: opened.place))
            enclosing.append(current)
            current = opened
            deepest = Swift.max(deepest, enclosing.count)
            continue
          }
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        case let byte: throw fail(.unexpectedCharacter(byte))
        }
        // Hand the finished value to the containers around it, closing each it completes.
        closing: while true {
          switch current.kind {
          case .document: return value
          case .array: current.elements.append(value)
          case .object:
            // Swapped out rather than copied: no reference counting per member.
            var key = ""
            swap(&key, &current.key)
            current.members.append(JSONMember(key, value))
          }
          betweenMembers = true
          skipWhitespace()
          guard offset < bytes.count else { throw fail(.unexpectedEnd) }
          switch (bytes[offset], current.kind) {
          case (UInt8(ascii: ","), .array):
            offset += 1
            break closing
          case (UInt8(ascii: ","), .object):
            offset += 1
            try parseMemberKey(into: &current)
            break closing
          case (UInt8(ascii: "]"), .array):
            offset += 1
            hints.note(current.count, at: current.place)
            var elements: [JSONValue] = []
            swap(&elements, &current.elements)
            value = .array(elements)
          case (UInt8(ascii: "}"), .object):
            offset += 1
            hints.note(current.count, at: current.place)
            var members: [JSONMember] = []
            swap(&members, &current.members)
            value = .object(members)
          case (let byte, _):
            throw fail(.unexpectedCharacter(byte))
          }
          current = enclosing.popLast() ?? OpenContainer(.document)
        }
      }
    } catch {
      var error = error
      if !betweenMembers, let component = current.pathComponent { error.reversedPath.append(component) }
      for container in enclosing.reversed() {
        if let component = container.pathComponent { error.reversedPath.append(component) }
      }
      throw error
    }
  }

  /// Reads `"key":` before a member's value into `object.key`, refusing a key the object
  /// already has.
  private mutating func parseMemberKey(into object: inout OpenContainer) throws(JSONReaderError) {
    skipWhitespace()
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    guard bytes[offset] == UInt8(ascii: "\"") else { throw fail(.unexpectedCharacter(bytes[offset])) }
    let keyOffset = offset
    let key = try parseString()
    if try isDuplicate(key, in: object.members, keys: &object.keys) {
      var error = JSONReaderError(.duplicateKey(key), offset: keyOffset)
      error.reversedPath.append(.key(key))
      throw error
    }
    skipWhitespace()
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    guard bytes[offset] == UInt8(ascii: ":") else { throw fail(.unexpectedCharacter(bytes[offset])) }
    offset += 1
    object.key = key
  }

  /// Small objects (the common case) compare keys linearly; a set is built only once an
  /// object grows past the size where hashing pays for itself.
  private func isDuplicate(
    _ key: String, in members: [JSONMember], keys: inout Set<String>?
  ) throws(JSONReaderError) -> Bool {
    if members.count < 16 {
      return members.contains { $0.key == key }
    }
    if keys == nil { keys = Set(members.map(\.key)) }
    return keys?.insert(key).inserted == false
  }

  private mutating func parseNumber() throws(JSONReaderError) -> JSONValue {
    let start = offset
    try skipNumber()
    return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
  }

  /// Moves past a number, checking it against the grammar.
  mutating func skipNumber() throws(JSONReaderError) {
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else if isDigit(bytes[offset]) {
      skipDigits()
    } else {
      throw fail(.invalidNumber)
    }
    if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw fail(.invalidNumber) }
      skipDigits()
    }
    if offset < bytes.count && (bytes[offset] | 0x20) == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
        offset += 1
      }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw fail(.invalidNumber) }
      skipDigits()
    }
    if offset < bytes.count && isDigit(bytes[offset]) { throw fail(.invalidNumber) }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while offset < bytes.count && isDigit(bytes[offset]) { offset += 1 }
  }

  private mutating func parseString() throws(JSONReaderError) -> String {
    switch try scanString() {
    case .plain(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .unescaped(let text): text
    }
  }

  /// A string read and checked: the input's bytes between its quotes, or, when it has
  /// escapes, its text.
  enum ScannedString {
    case plain(Range<Int>)
    case unescaped(String)
  }

  /// Reads a string starting at its opening quote, checking it whole: its escapes, its
  /// control characters and, when a byte past ASCII is among its bytes, its UTF-8. A string
  /// without escapes (nearly all of them) is left in the input; one with escapes is then
  /// decoded once, into a string as long as its bytes (no escape stands for more bytes than
  /// it takes), unless `makingText` is false: a reader that only checks the text is given
  /// the input's bytes, escapes and all, without an allocation.
  @inline(__always)
  mutating func scanString(makingText: Bool = true) throws(JSONReaderError) -> ScannedString {
    offset += 1
    let start = offset
    var nonASCII = false
    // Bytes past ASCII are flagged until the first, which decides that the text is checked.
    var nonASCIIMask = StringChunk.flaggingNonASCII
    var escaped = false
    let count = bytes.count
    scanning: while true {
      if let base = bytes.baseAddress {
        while offset + 16 <= count {
          let chunk = offset
          var flagged = StringChunk.flagged(at: UnsafeRawPointer(base + chunk), nonASCII: nonASCIIMask)
          offset += 16
          // Each flagged byte in turn: most chunks of a string have none, and most flagged
          // bytes are the closing quote or a one-character escape. A plain byte flagged
          // above one of those (`StringChunk`) is passed over.
          while flagged != 0 {
            let position = chunk + flagged.trailingZeroBitCount
            flagged &= flagged &- 1
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
              offset = position
              break scanning
            }
            if byte >= 0x80 {
              nonASCII = true
              nonASCIIMask = StringChunk.passingNonASCII
              continue
            }
            if byte == UInt8(ascii: "\\") {
              escaped = true
              if position + 1 < count, Self.simpleEscape(base[position + 1]) != nil {
                // The escaped byte (a quote, a backslash) is not flagged again; past the
                // chunk, the next chunk starts after it.
                let next = position + 1 - chunk
                if next < 16 { flagged &= ~(1 << next) } else { offset = position + 2 }
                continue
              }
              offset = position
              _ = try readEscape()
              continue scanning
            }
            if byte < 0x20 {
              offset = position
              throw fail(.controlCharacterInString)
            }
          }
        }
      }
      guard offset < count else { throw fail(.unexpectedEnd) }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        if offset + 1 < count, Self.simpleEscape(bytes[offset + 1]) != nil {
          offset += 2
        } else {
          _ = try readEscape()
        }
        escaped = true
        continue
      }
      if byte < 0x20 { throw fail(.controlCharacterInString) }
      if byte >= 0x80 { nonASCII = true }
      offset += 1
    }
    let content = start..<offset
    offset += 1
    guard !nonASCII || UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[content])) else {
      throw JSONReaderError(.invalidUTF8, offset: start)
    }
    guard escaped && makingText else { return .plain(content) }
    return .unescaped(try decodeEscapes(content))
  }

  /// The text of a string whose bytes between its quotes, `content`, `scanString` has
  /// checked: copied eight bytes at a time, escapes decoded, in one allocation. Checked
  /// text holds no quote or control byte and only well-formed escapes, so a run ends at a
  /// backslash, and the escapes a response is full of (newlines, tabs, quotes) are decoded
  /// in place.
  private func decodeEscapes(_ content: Range<Int>) throws(JSONReaderError) -> String {
    var decoder = self
    var failure: JSONReaderError?
    let text = String(unsafeUninitializedCapacity: content.count) { text in
      guard let output = text.baseAddress, let input = bytes.baseAddress else { return 0 }
      let end = content.upperBound
      var count = 0
      var position = content.lowerBound
      while position < end {
        if end - position >= 16 {
          // Two words are stored whole, then the count moves only past their bytes before a
          // backslash; the escape's text writes over the rest. No escape's text is longer
          // than the escape, so `count` trails `position` and the words fit in the capacity.
          let low = UnsafeRawPointer(input + position).loadUnaligned(as: UInt64.self)
          let high = UnsafeRawPointer(input + position + 8).loadUnaligned(as: UInt64.self)
          UnsafeMutableRawPointer(output + count).storeBytes(of: low, as: UInt64.self)
          UnsafeMutableRawPointer(output + count + 8).storeBytes(of: high, as: UInt64.self)
          let lowBackslashes = StringChunk.backslashes(UInt64(littleEndian: low))
          let plain = lowBackslashes != 0
            ? lowBackslashes.trailingZeroBitCount / 8
            : 8 + StringChunk.backslashes(UInt64(littleEndian: high)).trailingZeroBitCount / 8
          position += plain
          count += plain
          if plain == 16 { continue }
        } else if input[position] != UInt8(ascii: "\\") {
          output[count] = input[position]
          count += 1
          position += 1
          continue
        }
        if let simple = Self.simpleEscape(input[position + 1]) {
          output[count] = simple
          count += 1
          position += 2
          // Escapes come in runs (a body's `\r\n`): the next is decoded here, not after a
          // step of sixteen bytes that would stop at it first.
          while position < end, input[position] == UInt8(ascii: "\\"), let next = Self.simpleEscape(input[position + 1]) {
            output[count] = next
            count += 1
            position += 2
          }
          continue
        }
        decoder.offset = position
        do throws(JSONReaderError) {
          UTF8.encode(try decoder.readEscape()) { unit in
            output[count] = unit
            count += 1
          }
        } catch {
          failure = error
          break
        }
        position = decoder.offset
      }
      return count
    }
    if let failure { throw failure }
    return text
  }

  /// The byte `\` and `byte` stand for, when they are an escape of one ASCII character
  /// (every escape but `\u`'s, which `readEscape` checks); `nil` for any other.
  private static func simpleEscape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }

  /// The character an escape starting at its backslash stands for, checked: a `\u`
  /// surrogate must pair.
  private mutating func readEscape() throws(JSONReaderError) -> Unicode.Scalar {
    offset += 1
    guard offset < bytes.count else { throw fail(.unexpectedEnd) }
    let escaped = bytes[offset]
    offset += 1
    if let byte = Self.simpleEscape(escaped) { return Unicode.Scalar(byte) }
    switch escaped {
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if scalar >= 0xD800 && scalar < 0xDC00 {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
              bytes[offset + 1] == UInt8(ascii: "u") else { throw fail(.unpairedSurrogate) }
        offset += 2
        let low = try readHex4()
        guard low >= 0xDC00 && low < 0xE000 else { throw fail(.unpairedSurrogate) }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00 && scalar < 0xE000 {
        throw fail(.unpairedSurrogate)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidUnicodeEscape) }
      return unicode
    default:
      offset -= 1
      throw fail(.invalidEscape)
    }
  }

  private mutating func readHex4() throws(JSONReaderError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw fail(.invalidUnicodeEscape) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail(.invalidUnicodeEscape)
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }
}
