/// Canonical spelling of a GraphQL literal from introspection's `defaultValue`.
enum LiteralCanonicalizer {
  struct Failure: Error { var message: String }

  static func canonicalize(_ text: String) throws(Failure) -> String { text }
}
