/// GraphQL string literals for descriptions and reasons in printed SDL, following
/// graphql-js's `printString` and `isPrintableAsBlockString` (block strings themselves are
/// printed by GraphQLSyntax's `BlockString.print`). Works on Unicode scalars, as the
/// reference implementations count characters.
enum StringLiteral {
  /// `"…"` with control characters, `"` and `\` escaped.
  static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar.value {
      case 0x08: result += "\\b"
      case 0x09: result += "\\t"
      case 0x0A: result += "\\n"
      case 0x0C: result += "\\f"
      case 0x0D: result += "\\r"
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x00...0x1F, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Whether `value` survives a round trip through a block string: no leading newline,
  /// no trailing blank line, no common indentation, no control characters.
  static func isPrintableAsBlockString(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\n":
        if isEmptyLine && !seenNonEmptyLine { return false }
        seenNonEmptyLine = true
        isEmptyLine = true
        hasIndent = false
      case " ", "\t":
        hasIndent = hasIndent || isEmptyLine
      default:
        if scalar.value <= 0x0F { return false }
        hasCommonIndent = hasCommonIndent && hasIndent
        isEmptyLine = false
      }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
  }
}
