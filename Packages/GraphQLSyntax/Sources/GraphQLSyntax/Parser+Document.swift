extension Parser {
  /// `Document : Definition+`
  mutating func parseDocument() throws(SyntaxError) -> Document {
    let start = lexer.token.start
    try expect(.startOfFile)
    var definitions = [try parseDefinition()]
    while try !expectOptional(.endOfFile) {
      definitions.append(try parseDefinition())
    }
    return Document(definitions: definitions, loc: loc(start))
  }

  /// `Definition : ExecutableDefinition | TypeSystemDefinition | TypeSystemExtension`
  ///
  /// Definitions with a description need one token of lookahead to find their keyword.
  mutating func parseDefinition() throws(SyntaxError) -> Definition {
    if peek(.braceL) {
      return .operation(try parseOperationDefinition())
    }
    let hasDescription = peekDescription()
    let keyword = hasDescription ? try lexer.lookahead() : lexer.token

    if hasDescription && keyword.kind == .braceL {
      throw SyntaxError(
        lexer.source, lexer.token.start,
        "Unexpected description, descriptions are not supported on shorthand queries.")
    }
    if keyword.kind == .name {
      if isName(keyword, "schema") { return .schema(try parseSchemaDefinition()) }
      if isName(keyword, "scalar") { return .scalarType(try parseScalarTypeDefinition()) }
      if isName(keyword, "type") { return .objectType(try parseObjectTypeDefinition()) }
      if isName(keyword, "interface") {
        return .interfaceType(try parseInterfaceTypeDefinition())
      }
      if isName(keyword, "union") { return .unionType(try parseUnionTypeDefinition()) }
      if isName(keyword, "enum") { return .enumType(try parseEnumTypeDefinition()) }
      if isName(keyword, "input") {
        return .inputObjectType(try parseInputObjectTypeDefinition())
      }
      if isName(keyword, "directive") { return .directive(try parseDirectiveDefinition()) }
      if isName(keyword, "query") || isName(keyword, "mutation")
        || isName(keyword, "subscription")
      {
        return .operation(try parseOperationDefinition())
      }
      if isName(keyword, "fragment") { return .fragment(try parseFragmentDefinition()) }
      if hasDescription {
        throw SyntaxError(
          lexer.source, lexer.token.start,
          "Unexpected description, only GraphQL definitions support descriptions.")
      }
      if isName(keyword, "extend") {
        return try parseTypeSystemExtension()
      }
    }
    throw unexpected(keyword)
  }

  /// Whether a description (a string or block string) is next.
  func peekDescription() -> Bool {
    peek(.string) || peek(.blockString)
  }

  /// `Description : StringValue`
  mutating func parseDescription() throws(SyntaxError) -> StringValue? {
    guard peekDescription() else { return nil }
    return try parseStringLiteral()
  }
}
