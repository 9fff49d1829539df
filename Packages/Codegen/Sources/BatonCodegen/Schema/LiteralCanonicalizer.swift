import GraphQLSyntax

/// The canonical spelling of a GraphQL literal given as text, as introspection's
/// `defaultValue` gives it: graphql-core parses it and prints it back.
enum LiteralCanonicalizer {
  static func canonicalize(_ text: String) throws(SyntaxError) -> String {
    ValueLiteral.print(try parseConstValue(Source(text, name: "defaultValue")))
  }
}
