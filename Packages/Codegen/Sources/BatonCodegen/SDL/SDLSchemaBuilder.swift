import GraphQLSyntax

/// Builds a `Schema` from SDL files, as graphql-core's `build_ast_schema` followed by
/// `validate_schema` does, with `extend` of every kind across files and Relay's
/// client-side extensions (`@semanticNonNullField(name:levels:)` on a type).
///
/// Every error is reported, each with the locations of the definitions involved.
public enum SDLSchemaBuilder {
  /// Parses and builds; the sources' names appear in error locations. The first source is
  /// the server's schema; fields declared in the others are client extensions
  /// (`SchemaField.isClientExtension`).
  public static func build(sources: [Source]) throws(SchemaErrors) -> Schema {
    var documents: [SDLDocument] = []
    var syntaxErrors: [SchemaError] = []
    for (index, source) in sources.enumerated() {
      do {
        documents.append(SDLDocument(source: source, document: try parse(source), isClientExtension: index > 0))
      } catch {
        syntaxErrors.append(SchemaError(
          error.message,
          locations: [DiagnosticLocation(file: source.name, line: error.line, column: error.column)]))
      }
    }
    if !syntaxErrors.isEmpty { throw SchemaErrors(syntaxErrors) }
    return try build(documents: documents)
  }

  /// Builds from SDL text, named `name` in errors.
  public static func build(sdl: String, name: String = "schema.graphql") throws(SchemaErrors) -> Schema {
    try build(sources: [Source(sdl, name: name)])
  }

  static func build(documents: [SDLDocument]) throws(SchemaErrors) -> Schema {
    let definitions = SDLDefinitions(documents)
    let sdlErrors = SDLValidator.validate(definitions)
    if !sdlErrors.isEmpty { throw SchemaErrors(sorted(sdlErrors)) }

    var extensions: [String: [Located<Definition>]] = [:]
    for located in definitions.typeExtensions {
      if let name = located.node.typeName?.value { extensions[name, default: []].append(located) }
    }
    var types: [SchemaType] = []
    for located in definitions.typeDefinitions {
      guard let name = located.node.typeName?.value else { continue }
      if BuiltinDefinitions.reservedTypeNames.contains(name),
        let builtin = BuiltinDefinitions.shared.types[name]
      {
        types.append(builtin)
      } else if let type = SDLTypeBuilder.namedType(located, extensions: extensions[name] ?? []) {
        types.append(type)
      }
    }
    let directives = definitions.directiveDefinitions.map(SDLTypeBuilder.directiveDefinition)

    var roots: [OperationType: String] = [:]
    for located in definitions.schemaDefinitions {
      for operationType in located.node.operationTypes {
        roots[operationType.operation] = operationType.type.name.value
      }
    }
    for located in definitions.schemaExtensions {
      for operationType in located.node.operationTypes {
        roots[operationType.operation] = operationType.type.name.value
      }
    }
    if definitions.schemaDefinitions.isEmpty {
      let names = Set(types.map(\.name))
      for (operation, name) in [(OperationType.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription")]
      where names.contains(name) {
        roots[operation] = name
      }
    }
    let schema = Schema(
      description: definitions.schemaDefinitions.first?.node.description?.value,
      queryTypeName: roots[.query], mutationTypeName: roots[.mutation],
      subscriptionTypeName: roots[.subscription], types: types, directives: directives)
    let schemaErrors = SchemaValidator.validate(schema)
    if !schemaErrors.isEmpty { throw SchemaErrors(sorted(schemaErrors)) }
    return schema
  }

  private static func sorted(_ errors: [SchemaError]) -> [SchemaError] {
    errors.enumerated().sorted { left, right in
      let l = left.element.locations.first
      let r = right.element.locations.first
      switch (l, r) {
      case (nil, nil): return left.offset < right.offset
      case (nil, _): return true
      case (_, nil): return false
      case (let l?, let r?):
        if l.file != r.file { return left.offset < right.offset }
        if l.line != r.line { return l.line < r.line }
        if l.column != r.column { return l.column < r.column }
        return left.offset < right.offset
      }
    }.map(\.element)
  }
}
