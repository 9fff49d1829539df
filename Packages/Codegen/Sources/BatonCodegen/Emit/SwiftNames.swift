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
    "\"" + escapedCharacters(text, quote: "\"") + "\""
  }

  /// `text` as it reads between `quote`s in a Swift string literal: the quote, backslashes,
  /// control characters and invisible format characters (bidirectional overrides, line
  /// separators) escaped, so that schema- or document-provided text can neither end the
  /// literal nor make the generated source read differently from what it compiles to.
  static func escapedCharacters(_ text: String, quote: Unicode.Scalar) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case quote, "\\": result += "\\" + String(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if isInvisible(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A schema description as the lines of a `///` comment: split wherever Swift or an editor
  /// would end a line (`\r` too, which would otherwise end the comment and start code), with
  /// invisible characters shown as `\u{…}`.
  static func commentLines(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\n" where previous == "\r": continue
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
        lines.append(line)
        line = ""
      default:
        if isInvisible(scalar) && scalar != "\t" {
          line += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          line.unicodeScalars.append(scalar)
        }
      }
    }
    return lines + [line]
  }

  /// Control characters (C0, DEL, C1) and the format and separator characters that change
  /// how a line displays or where it ends.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
