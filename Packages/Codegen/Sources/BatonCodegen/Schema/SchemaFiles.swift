import GraphQLSyntax

/// The schema of `baton generate`'s baton.json `schema` list and of `baton check --schema`:
/// the same files give the same schema, and the same errors, in both.
package enum SchemaFiles {
  /// The schema from SDL files, or from one introspection `.json` and SDL extension files
  /// beside it (`@key`, `@semanticNonNullField`, `extend type`), as a server's downloaded
  /// schema usually comes. The JSON is printed as SDL for the extensions to apply to; errors
  /// in that part are located in the printed text, named after the JSON file. The first
  /// file is the server's schema; fields the others declare are client extensions.
  package static func build(_ files: [(name: String, text: String)]) throws(SchemaErrors) -> Schema {
    let introspection = files.filter { $0.name.hasSuffix(".json") }
    guard introspection.count <= 1 else {
      throw SchemaErrors(introspection.dropFirst().map { file in
        SchemaError("A schema has one introspection result; \(introspection[0].name) is one already.",
          locations: [DiagnosticLocation(file: file.name, line: 1, column: 1)])
      })
    }
    var sources = files.filter { !$0.name.hasSuffix(".json") }.map { Source($0.text, name: $0.name) }
    if let json = introspection.first {
      let server: Schema
      do {
        server = try IntrospectionSchemaBuilder.build(json: Array(json.text.utf8))
      } catch {
        throw SchemaErrors([SchemaError(error.message, locations: error.locations.isEmpty
          ? [DiagnosticLocation(file: json.name, line: 1, column: 1)] : error.locations)])
      }
      if sources.isEmpty {
        // Checked as the SDL path checks the printed result, so that a schema's errors do
        // not depend on whether extension files sit beside it.
        let errors = SchemaValidator.validate(server)
        guard errors.isEmpty else {
          throw SchemaErrors(errors.map { error in
            SchemaError(error.message, locations: [DiagnosticLocation(file: json.name, line: 1, column: 1)])
          })
        }
        return server
      }
      sources.insert(Source(SchemaPrinter.print(server), name: json.name), at: 0)
    }
    return try SDLSchemaBuilder.build(sources: sources)
  }
}
