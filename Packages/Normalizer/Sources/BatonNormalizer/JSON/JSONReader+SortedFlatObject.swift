extension JSONReader {
  /// Whether `text` is one object whose values are all leaves (strings, numbers, booleans,
  /// null) and whose keys, without escapes, are in strictly increasing byte order: what a
  /// request's variables are as its key writes them (GraphQL names are ASCII). Such a text
  /// `parse` reads without fail, so a reader that checks it can put off parsing it.
  ///
  /// Checked without building anything: no values, no containers, no keys set aside. Any
  /// other text, valid or not, is `false`, for `parse` to read or say what is wrong with.
  package static func isSortedFlatObject(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var reader = JSONReader(bytes: text, depthLimit: 1)
    do throws(JSONReaderError) {
      return try reader.skipSortedFlatObject()
    } catch {
      return false
    }
  }

  private mutating func skipSortedFlatObject() throws(JSONReaderError) -> Bool {
    skipWhitespace()
    guard next(is: "{") else { return false }
    skipWhitespace()
    if !next(is: "}") {
      var previousKey: Range<Int>?
      while true {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""),
          case .plain(let key) = try scanString(),
          previousKey.map({ bytes[$0].lexicographicallyPrecedes(bytes[key]) }) ?? true
        else { return false }
        previousKey = key
        skipWhitespace()
        guard next(is: ":") else { return false }
        skipWhitespace()
        guard offset < bytes.count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "\""): _ = try scanString(makingText: false)
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: return false
        }
        skipWhitespace()
        if next(is: ",") { continue }
        guard next(is: "}") else { return false }
        break
      }
    }
    skipWhitespace()
    return offset == bytes.count
  }

  /// Moves past the next byte when it is `character`.
  private mutating func next(is character: Unicode.Scalar) -> Bool {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }
}
