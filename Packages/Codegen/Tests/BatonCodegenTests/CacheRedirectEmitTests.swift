import BatonCodegen
import Testing

/// `@fieldPolicy(forField:keyArgs:)` in a schema extension puts a cache redirect into the
/// field's metadata: the key arguments, and the key fields of each type the record may be.
struct CacheRedirectEmitTests {
  static let schema = """
    type Query {
      character(id: ID!): Character
      charactersByIds(ids: [ID!]!): [Character]!
      node(id: ID!): Node
      episode(season: Int!, number: Int!): Episode
      location(id: ID!): Location
    }
    interface Node { id: ID! }
    type Character implements Node { id: ID! name: String! }
    type Location implements Node { id: ID! name: String! }
    type Episode { season: Int! number: Int! title: String! }
    """
  static let extensions = """
    directive @key(fields: String!) on OBJECT
    extend type Episode @key(fields: "season number")
    extend type Query
      @fieldPolicy(forField: "character", keyArgs: "id")
      @fieldPolicy(forField: "charactersByIds", keyArgs: "ids")
      @fieldPolicy(forField: "node", keyArgs: "id")
      @fieldPolicy(forField: "episode", keyArgs: "season number")
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Local")

  static func operation(_ document: String) throws -> String {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema), ("schema-extensions.graphql", extensions)],
      documentFiles: [("Local.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix("Query.swift") }).contents
  }

  @Test func anObjectFieldRedirectsByItsTypesKey() throws {
    let operation = try Self.operation("query Q($id: ID!) { character(id: $id) { name } }")
    #expect(operation.contains(
      #"redirect: BatonNormalizer.CacheRedirect(keyArguments: ["id"], keyFields: ["Character": ["id"]])"#))
  }

  @Test func aListFieldRedirectsByItsListArgument() throws {
    let operation = try Self.operation("query Q($ids: [ID!]!) { charactersByIds(ids: $ids) { name } }")
    #expect(operation.contains(
      #"redirect: BatonNormalizer.CacheRedirect(keyArguments: ["ids"], keyFields: ["Character": ["id"]])"#))
  }

  @Test func anInterfaceFieldListsEveryPossibleTypesKey() throws {
    let operation = try Self.operation("query Q($id: ID!) { node(id: $id) { id } }")
    #expect(operation.contains(
      #"redirect: BatonNormalizer.CacheRedirect(keyArguments: ["id"], keyFields: ["Character": ["id"], "Location": ["id"]])"#))
  }

  @Test func aCompositeKeyTakesItsArgumentsInOrder() throws {
    let operation = try Self.operation("query Q { episode(season: 1, number: 2) { title } }")
    #expect(operation.contains(
      #"redirect: BatonNormalizer.CacheRedirect(keyArguments: ["season", "number"], keyFields: ["Episode": ["season", "number"]])"#))
  }

  @Test func aFieldWithoutAPolicyHasNoRedirect() throws {
    let operation = try Self.operation("query Q { location(id: 1) { name } }")
    #expect(!operation.contains("redirect:"))
  }
}
