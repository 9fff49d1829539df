/// Why a JSON text was rejected, and where: the byte offset and the path of keys and
/// indices leading to the value being read.
public struct JSONReaderError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    case unexpectedEnd
    case unexpectedCharacter(UInt8)
    case invalidNumber
    case invalidEscape
    case invalidUnicodeEscape
    case unpairedSurrogate
    case controlCharacterInString
    case invalidUTF8
    case duplicateKey(String)
    case depthLimitExceeded(Int)
    case trailingCharacters
  }

  public var kind: Kind
  /// The offset of the offending byte from the start of the text.
  public var offset: Int
  /// Collected innermost first while the reader unwinds; `path` gives it outermost first.
  var reversedPath: [PathComponent]

  init(_ kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
    self.reversedPath = []
  }

  /// The keys and indices leading to the value where reading failed.
  public var path: [PathComponent] { reversedPath.reversed() }

  public var description: String {
    "Invalid JSON at byte \(offset) (\(path.abbreviatedPathDescription)): \(reason)."
  }

  var reason: String {
    switch kind {
    case .unexpectedEnd: "the text ends before the value does"
    case .unexpectedCharacter(let byte): "unexpected \(Self.describe(byte))"
    case .invalidNumber: "a number does not follow the JSON grammar"
    case .invalidEscape: "a string has an invalid escape sequence"
    case .invalidUnicodeEscape: "a \\u escape needs four hexadecimal digits"
    case .unpairedSurrogate: "a \\u escape is a surrogate without its pair"
    case .controlCharacterInString: "a string contains an unescaped control character"
    case .invalidUTF8: "a string is not valid UTF-8"
    case .duplicateKey(let key): "the key \"\(key)\" appears twice in one object"
    case .depthLimitExceeded(let limit): "values are nested deeper than \(limit) levels"
    case .trailingCharacters: "more text follows the JSON value"
    }
  }

  static func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}
