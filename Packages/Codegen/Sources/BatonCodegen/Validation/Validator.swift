import GraphQLSyntax

/// Validates executable documents against a schema with graphql-core's rules.
public enum Validator {
  /// graphql-core's default limit; past it validation stops with one more error.
  public static let defaultMaxErrors = 100

  /// Every error of `document` (parsed from `source`) against `schema`, in the order
  /// graphql-core reports them: one walk over the document with all of the spec's and
  /// Relay's rules at once. A document whose selections nest more than 100 levels deep
  /// through fragment spreads gets one error at the spread that goes past the limit and
  /// no other check.
  public static func validate(
    _ document: Document, source: Source, schema: Schema, maxErrors: Int = defaultMaxErrors
  ) -> [ValidationError] {
    validate(document, source: source, schema: schema, rules: specifiedRules, maxErrors: maxErrors)
  }

  /// The same with the rules given, for the compiler's own tests of a rule.
  package static func validate(
    _ document: Document, source: Source, schema: Schema,
    rules: [any ValidationRule.Type], maxErrors: Int = defaultMaxErrors
  ) -> [ValidationError] {
    let context = ValidationContext(
      schema: schema, document: document, source: source, maxErrors: maxErrors)
    if let tooDeep = SelectionDepthLimit.error(in: document, fragments: context.fragments) {
      context.report(tooDeep.message, [tooDeep.loc])
      return context.errors
    }
    let walker = DocumentWalker(context: context, rules: rules.map { $0.init(context: context) })
    walker.walk(document)
    return context.errors
  }

  /// Parses `source` and validates it; a syntax error is the one error returned.
  public static func validate(source: Source, schema: Schema) -> [ValidationError] {
    validate(source: source, schema: schema, rules: specifiedRules)
  }

  /// The same with the rules given, for the compiler's own tests of a rule.
  package static func validate(
    source: Source, schema: Schema, rules: [any ValidationRule.Type]
  ) -> [ValidationError] {
    do {
      return validate(try parse(source), source: source, schema: schema, rules: rules)
    } catch {
      return [ValidationError(
        error.message,
        locations: [DiagnosticLocation(file: source.name, line: error.line, column: error.column)])]
    }
  }
}
