@_spi(Development) import BatonNormalizer

/// Looks for an error a part acts on (`UNAUTHENTICATED`, `PersistedQueryNotFound`) in a
/// GraphQL response body without decoding every body: only a body that holds the word
/// is parsed.
enum ResponseErrorCodes {
  /// Whether an error of `body` has `extensions.code` or `message` equal to one of `words`.
  static func contains(_ words: [String], in body: [UInt8]) -> Bool {
    guard words.contains(where: { mentions(body, $0) }), let json = try? JSONReader.parse(body),
      case .array(let errors)? = json["errors"]
    else { return false }
    return errors.contains { error in
      words.contains { error["extensions"]?["code"]?.stringValue == $0 || error["message"]?.stringValue == $0 }
    }
  }

  /// Whether the bytes of `word` occur in `body`.
  private static func mentions(_ body: [UInt8], _ word: String) -> Bool {
    let needle = Array(word.utf8)
    guard let first = needle.first, body.count >= needle.count else { return false }
    var index = 0
    let last = body.count - needle.count
    while index <= last {
      if body[index] == first, body[index..<index + needle.count].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
