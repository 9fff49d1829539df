import BatonCodegen
import Testing

/// Fields a client extension file declares (every schema file after the first) live in
/// the store only: the text sent leaves them out, and their metadata says so.
struct ClientExtensionFieldTests {
  static let schema = """
    type Query { character(id: ID!): Character }
    type Character { id: ID! name: String! }
    """
  static let extensions = """
    directive @key(fields: String!) on OBJECT
    extend type Character @key(fields: "id") {
      isFavorite: Boolean!
      note: Note
      translated(locale: String!): String
    }
    extend type Query { draft: Note }
    type Note { text: String! }
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Local")

  static func operation(_ document: String) throws -> String {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema), ("schema-extensions.graphql", extensions)],
      documentFiles: [("Local.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix("Query.swift") }).contents
  }

  static func sentText(_ operation: String) throws -> String {
    let line = try #require(operation.split(separator: "\n").first { $0.contains("static let document = ") })
    return String(line.drop { $0 != "\"" })
  }

  @Test func theTextSentLeavesClientFieldsOutAndTheMetadataMarksThem() throws {
    let operation = try Self.operation("query Q { character(id: 1) { id isFavorite note { text } name } }")
    let text = try Self.sentText(operation)
    #expect(text == #""query Q {\n  character(id: 1) {\n    __typename\n    id\n    name\n  }\n}""#)
    #expect(operation.contains(#"FieldSelection(name: "isFavorite", type: BatonNormalizer.TypeReference("Boolean", .scalar, [.nonNull]), isClientExtension: true)"#))
    #expect(operation.contains(#"name: "note", type: BatonNormalizer.TypeReference("Note", .object, [.nullable]), selections: Note.selections, isClientExtension: true)"#))
    #expect(operation.contains(#"FieldSelection(name: "name", type: BatonNormalizer.TypeReference("String", .scalar, [.nonNull])))"#))
  }

  /// A server rejects a declared variable nothing uses.
  @Test func aVariableOnlyClientFieldsUseIsNotDeclaredInTheTextSent() throws {
    let operation = try Self.operation(
      "query Q($id: ID!, $locale: String!) { character(id: $id) { name translated(locale: $locale) } }")
    #expect(try Self.sentText(operation) == #""query Q($id: ID!) {\n  character(id: $id) {\n    __typename\n    id\n    name\n  }\n}""#)
    #expect(operation.contains(#"BatonNormalizer.Argument("locale", .variable("locale"))"#))
  }

  @Test func aSelectionSetOfClientFieldsOnlyKeepsTypename() throws {
    let text = try Self.sentText(try Self.operation("query Q { draft { text } }"))
    #expect(text == #""query Q {\n  __typename\n}""#)
  }

  @Test func theServersFieldsAndTheExtensionsDirectivesStillGenerate() throws {
    let operation = try Self.operation("query Q { character(id: 1) { id name } }")
    #expect(operation.contains(#"keyFields: ["Character": ["id"]]"#))
    #expect(!operation.contains("isClientExtension"))
  }
}
