/// Parses a GraphQL document: executable definitions, type-system definitions and
/// extensions, as graphql-core 3.3.2 accepts them.
///
/// - Throws: `SyntaxError` with graphql-core's message for the first error in the
///   source, or when the document exceeds `maxTokens` or `maxDepth`.
public func parse(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> Document {
  try Parser.run(source, options) { (parser: inout Parser) throws(SyntaxError) in
    try parser.parseDocument()
  }
}

/// Parses a single value literal, which may contain variables (`[$a, 1]`).
public func parseValue(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> Value {
  try Parser.run(source, options) { (parser: inout Parser) throws(SyntaxError) in
    try parser.expect(.startOfFile)
    let value = try parser.parseValueLiteral(isConst: false)
    try parser.expect(.endOfFile)
    return value
  }
}

/// Parses a single constant value literal; a variable in it is an error.
public func parseConstValue(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> Value {
  try Parser.run(source, options) { (parser: inout Parser) throws(SyntaxError) in
    try parser.expect(.startOfFile)
    let value = try parser.parseValueLiteral(isConst: true)
    try parser.expect(.endOfFile)
    return value
  }
}

/// Parses a single type reference such as `[String!]!`.
public func parseType(
  _ source: Source, options: ParseOptions = ParseOptions()
) throws(SyntaxError) -> TypeReference {
  try Parser.run(source, options) { (parser: inout Parser) throws(SyntaxError) in
    try parser.expect(.startOfFile)
    let type = try parser.parseTypeReference()
    try parser.expect(.endOfFile)
    return type
  }
}
