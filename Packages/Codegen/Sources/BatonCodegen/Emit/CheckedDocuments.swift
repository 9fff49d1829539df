import GraphQLSyntax

/// A target's schema built and its documents parsed and validated together, with every
/// rule `baton generate` holds them to: what `baton check` reports and generation starts from.
struct CheckedDocuments {
  let schema: Schema
  let document: Document
  let documents: DocumentSet

  init(schemaFiles: [(name: String, text: String)], documentFiles: [(name: String, text: String)]) throws(CodegenErrors) {
    do {
      schema = try SchemaFiles.build(schemaFiles)
    } catch {
      throw CodegenErrors(error.errors.map(CodegenError.init))
    }
    documents = DocumentSet(documentFiles)
    do {
      document = try parse(documents.source)
    } catch {
      throw Self.syntaxErrors(documentFiles) ?? CodegenErrors([
        CodegenError(error.message, locations: [documents.locate(line: error.line, column: error.column)])
      ])
    }
    let errors = Validator.validate(document, source: documents.source, schema: schema, rules: specifiedRules + relayRules)
    if !errors.isEmpty {
      throw CodegenErrors(errors.map { CodegenError($0, locate: documents.locate) })
    }
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
