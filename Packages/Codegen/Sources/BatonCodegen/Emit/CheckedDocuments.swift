import GraphQLSyntax

/// A target's schema built and its documents parsed and validated together, with every
/// rule `baton generate` holds them to: what `baton check` reports and generation starts from.
struct CheckedDocuments {
  let schema: Schema
  let document: Document
  let documents: DocumentSet

  /// `configuredKeyFields`: baton.json's `keyFields`, which decide how a `@refetchable`
  /// fragment on a type with key fields is fetched again. `sharedFiles`: the document files
  /// whose fragments other modules may spread (a dependency's, or the target's own when
  /// its baton.json names its `module`), so that none of them is an error for going unused here.
  init(
    schemaFiles: [(name: String, text: String)], documentFiles: [(name: String, text: String)],
    configuredKeyFields: [String: [String]] = [:], sharedFiles: Set<String> = []
  ) throws(CodegenErrors) {
    do {
      schema = try SchemaFiles.build(schemaFiles)
    } catch {
      throw CodegenErrors(error.errors.map(CodegenError.init))
    }
    let documents = DocumentSet(documentFiles)
    self.documents = documents
    // A schema module's configuration: the schema alone.
    guard !documentFiles.isEmpty else {
      document = Document(definitions: [])
      return
    }
    let parsed: Document
    do {
      parsed = try parse(documents.source)
    } catch {
      throw Self.syntaxErrors(documentFiles) ?? CodegenErrors([
        CodegenError(error.message, locations: [documents.locate(line: error.line, column: error.column)])
      ])
    }
    var errors: [CodegenError]
    if sharedFiles.isEmpty {
      errors = Validator.validate(parsed, source: documents.source, schema: schema, rules: specifiedRules + relayRules)
        .map { CodegenError($0, locate: documents.locate) }
    } else {
      let rules = (specifiedRules + relayRules).filter { ObjectIdentifier($0) != ObjectIdentifier(NoUnusedFragmentsRule.self) }
      errors = Validator.validate(parsed, source: documents.source, schema: schema, rules: rules)
        .map { CodegenError($0, locate: documents.locate) }
      errors += Validator.validate(parsed, source: documents.source, schema: schema, rules: [NoUnusedFragmentsRule.self])
        .map { CodegenError($0, locate: documents.locate) }
        .filter { error in !error.locations.contains { sharedFiles.contains($0.file) } }
    }
    if !errors.isEmpty { throw CodegenErrors(errors) }
    let keyFields = KeyFieldPolicy.keyFields(schema: schema, schemaFiles: schemaFiles, configured: configuredKeyFields)
    let refetchQueries = try RefetchQueryPlanner.queries(
      document: parsed, schema: schema, keyFields: keyFields, locate: { documents.locate($0) })
    document = Document(definitions: parsed.definitions + refetchQueries.map(Definition.operation))
  }

  /// The first syntax error of each file, not only of the first file that has one; `nil`
  /// when each file parses alone.
  private static func syntaxErrors(_ files: [(name: String, text: String)]) -> CodegenErrors? {
    let errors = files.compactMap { file -> CodegenError? in
      do throws(SyntaxError) {
        _ = try parse(Source(file.text, name: file.name))
        return nil
      } catch {
        return CodegenError(error.message, locations: [DiagnosticLocation(file: file.name, line: error.line, column: error.column)])
      }
    }
    return errors.isEmpty ? nil : CodegenErrors(errors)
  }
}
