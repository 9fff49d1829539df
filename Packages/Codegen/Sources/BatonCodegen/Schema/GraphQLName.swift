/// What makes a string a GraphQL name (spec §2.1.9, `/[_A-Za-z][_0-9A-Za-z]*/`), checked where
/// names arrive as data rather than through the lexer: an introspection result. A name that is
/// not one would reach printed SDL and generated Swift as text of another kind.
enum GraphQLName {
  /// Why `name` is not a GraphQL name, in graphql-core's words (`assert_name`), or `nil`.
  static func problem(_ name: String) -> String? {
    let bytes = Array(name.utf8)
    guard let first = bytes.first else { return "Expected name to be a non-empty string." }
    if !bytes.dropFirst().allSatisfy(isNameContinue) {
      return "Names must only contain [_a-zA-Z0-9] but \(quoted(name)) does not."
    }
    if !isNameStart(first) { return "Names must start with [_a-zA-Z] but \(quoted(name)) does not." }
    return nil
  }

  /// Why `name` cannot name an enum value, as graphql-core's `assert_enum_value_name` says:
  /// not a name, or one of the words a value literal would read as something else.
  static func enumValueProblem(_ name: String) -> String? {
    if let problem = problem(name) { return problem }
    return ["true", "false", "null"].contains(name) ? "Enum values cannot be named: \(name)." : nil
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isNameContinue(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// `'name'`, escaped as a Swift literal is, so that a hostile name cannot break the error
  /// line it is shown in.
  private static func quoted(_ name: String) -> String {
    "'" + SwiftNames.escapedCharacters(name, quote: "'") + "'"
  }
}
