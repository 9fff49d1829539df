import BatonCodegen
import Testing

/// `@maxAge(seconds:)` and `@maxAgeField(name:seconds:)` in a schema extension give the
/// namespace a `maxAges` table, keyed `"Type.field"` as `MaxAges(fields:)` takes it.
struct MaxAgeEmitTests {
  static let schema = """
    type Query { character(id: ID!): Character }
    type Character { id: ID! name: String! status: String price: Int }
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Local")

  static func support(extensions: String) throws -> String {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema), ("schema-extensions.graphql", extensions)],
      documentFiles: [("Local.graphql", "query Q { character(id: 1) { name } }")], config: config)
    return try #require(files.first { $0.path.hasSuffix("Local.swift") }).contents
  }

  @Test func aFieldsMaxAgeWinsOverItsTypes() throws {
    let support = try Self.support(extensions: """
      extend type Character @maxAge(seconds: 86400) @maxAgeField(name: "status", seconds: 60)
      """)
    #expect(support.contains("""
      static let maxAges: [Swift.String: Swift.Duration] = [
          "Character.id": .seconds(86400),
          "Character.name": .seconds(86400),
          "Character.price": .seconds(86400),
          "Character.status": .seconds(60),
        ]
      """))
  }

  @Test func aFieldAloneGetsOnlyItsOwn() throws {
    let support = try Self.support(extensions: #"extend type Character @maxAgeField(name: "price", seconds: 600)"#)
    #expect(support.contains(#""Character.price": .seconds(600),"#))
    #expect(!support.contains("Character.name"))
  }

  @Test func noDeclarationNoTable() throws {
    let support = try Self.support(extensions: "extend type Character @semanticNonNullField(name: \"status\")")
    #expect(!support.contains("maxAges"))
  }
}
