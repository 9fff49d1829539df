import GraphQLSyntax

/// The one place print_ast's output does not read back as the same document: a query
/// shorthand `{ ... }` printed after a definition whose body is optional (`type T`,
/// `input I`, `extend enum E @d`, ...). A parser reads the `{` as that definition's body.
/// graphql-js and graphql-core print it so, and the printer must match them, so a
/// document is held to round-tripping definition by definition instead.
enum PrintAmbiguity {
  /// The printed form of the first definition that does not parse back to itself alone.
  static func definitionNotRoundTripping(_ document: Document, _ options: ParseOptions) -> String? {
    for definition in document.definitions {
      let printed = Printer.print(definition)
      let reparsed = try? parse(Source(printed, name: "printed"), options: options)
      if reparsed != Document(definitions: [definition]) { return printed }
    }
    return nil
  }

  /// Whether a query shorthand follows another definition.
  static func hasShorthandAfterDefinition(_ document: Document) -> Bool {
    document.definitions.dropFirst().contains { definition in
      guard case .operation(let operation) = definition else { return false }
      return operation.operation == .query && operation.name == nil && operation.description == nil
        && operation.variableDefinitions.isEmpty && operation.directives.isEmpty
    }
  }
}
