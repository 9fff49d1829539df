/// Turning GraphQL names into Swift names that compile: keywords escaped, case changed
/// for types and enum cases, clashes resolved by appending `_` (deterministic, because
/// names are taken in document or schema order).
enum SwiftNames {
  /// Words that need backticks as identifiers.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try", "_", "Type", "Protocol",
  ]

  /// Names that even backticks do not make usable as members (`x.self`, `x.init`, `x.Type`).
  static let unusableMembers: Set<String> = ["self", "Self", "init", "Type", "Protocol", "deinit", "subscript", "_"]

  /// `name` escaped with backticks when it is a keyword.
  static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// `fooBar` → `FooBar`, `FOO_BAR` → `FooBar`.
  static func upperCamel(_ name: String) -> String {
    let parts = words(name)
    let joined = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return joined.isEmpty ? "Value" : joined
  }

  /// `FOO_BAR` → `fooBar`, `Character` → `character`, `already` unchanged.
  static func lowerCamel(_ name: String) -> String {
    let parts = words(name)
    guard let first = parts.first else { return "value" }
    return first.prefix(1).lowercased() + first.dropFirst() + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Splits on `_`; an all-caps word is lowercased so that `NEW_HOPE` reads `newHope`.
  private static func words(_ name: String) -> [String] {
    name.split(separator: "_").map { part in
      let text = String(part)
      return text == text.uppercased() ? text.lowercased() : text
    }
  }

  /// Whether `name` is a plain Swift identifier (letters, digits, `_`, not starting with a digit).
  static func isPlainIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
      && !keywords.contains(name)
  }

  /// `Date` or `Foundation.Date`.
  static func isQualifiedTypeName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.allSatisfy { isPlainIdentifier(String($0)) }
  }

  /// `candidate`, or it with `_` appended until it is not in `taken`.
  static func unique(_ candidate: String, in taken: Set<String>) -> String {
    var name = candidate
    while taken.contains(name) { name += "_" }
    return name
  }

  /// A Swift string literal of `text`.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
