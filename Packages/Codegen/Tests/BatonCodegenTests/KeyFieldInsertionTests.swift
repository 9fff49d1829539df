import BatonCodegen
import Testing

/// Every selection set on a type with key fields selects them, as Relay adds `id`: the
/// normalizer names the object by its key, never by its path, whatever the document
/// selected. The text sent carries the added fields; the data types do not (masking).
struct KeyFieldInsertionTests {
  static let schema = """
    type Query { ship(id: ID!): Ship  node(id: ID!): Node  search: [SearchResult!]! }
    interface Node { id: ID! }
    type Ship implements Node { id: ID! name: String! captain: Pilot }
    type Pilot { callSign: String! name: String! }
    type Planet { name: String! }
    union SearchResult = Ship | Planet
    """
  static let config = BatonConfig(
    file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet", keyFields: ["Pilot": ["callSign"]])

  static func generated(_ document: String, file suffix: String = "Query.swift") throws -> String {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Fleet.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix(suffix) }).contents
  }

  static func sentText(_ operation: String) throws -> String {
    let line = try #require(operation.split(separator: "\n").first { $0.contains("static let document = ") })
    return String(line.drop { $0 != "\"" })
  }

  @Test func aSelectionWithoutItsKeysSendsThemAndKeysTheRecord() throws {
    let operation = try Self.generated("query Q { ship(id: 1) { name captain { name } } }")
    #expect(try Self.sentText(operation) == #"""
      "query Q {\n  ship(id: 1) {\n    __typename\n    id\n    name\n    captain {\n      __typename\n      callSign\n      name\n    }\n  }\n}"
      """#)
    #expect(operation.contains(#"selections: Ship.selections, keyFields: ["Ship": ["id"]])"#))
    #expect(operation.contains(#"selections: Captain.selections, keyFields: ["Pilot": ["callSign"]])"#))
  }

  /// The added fields are in the metadata (the normalizer reads them) but the data types
  /// have no property the document did not ask for.
  @Test func anAddedKeyHasNoProperty() throws {
    let operation = try Self.generated("query Q { ship(id: 1) { name captain { name } } }")
    #expect(operation.contains(#"FieldSelection(name: "id", type: BatonNormalizer.TypeReference("ID", .scalar, [.nonNull]))"#))
    #expect(!operation.contains("var id:"))
    #expect(!operation.contains("var callSign:"))
    #expect(operation.contains("public var name: Swift.String { __read.string(2) }"))
  }

  @Test func aKeyTheDocumentSelectsKeepsItsProperty() throws {
    let operation = try Self.generated("query Q { ship(id: 1) { id name } }")
    #expect(try Self.sentText(operation) == #""query Q {\n  ship(id: 1) {\n    __typename\n    id\n    name\n  }\n}""#)
    #expect(operation.contains("public var id: Swift.String { __read.string(1) }"))
  }

  /// `@include` on the key would leave the record named by its path when it is skipped.
  @Test func aConditionalKeyIsAlsoSelectedUnconditionally() throws {
    let operation = try Self.generated("query Q($withID: Boolean!) { ship(id: 1) { id @include(if: $withID) name } }")
    #expect(try Self.sentText(operation).contains(#"__typename\n    id\n    id @include(if: $withID)\n    name"#))
    #expect(operation.contains(#"keyFields: ["Ship": ["id"]]"#))
    #expect(operation.contains("public var id: Swift.String {"))
  }

  /// Another field under the key's response key cannot be merged with it: nothing is added.
  @Test func anAliasOnTheKeysResponseKeyAddsNothing() throws {
    let operation = try Self.generated("query Q { ship(id: 1) { id: name } }")
    #expect(try Self.sentText(operation) == #""query Q {\n  ship(id: 1) {\n    __typename\n    id: name\n  }\n}""#)
    #expect(!operation.contains("keyFields:"))
  }

  @Test func anInterfaceThatDeclaresTheKeySelectsItDirectly() throws {
    let operation = try Self.generated("query Q { node(id: 1) { __typename } }")
    #expect(try Self.sentText(operation) == #""query Q {\n  node(id: 1) {\n    id\n    __typename\n  }\n}""#)
    #expect(operation.contains(#"keyFields: ["Ship": ["id"]]"#))
  }

  /// A union declares no fields: each member with keys gets a type case for them, which
  /// the data type does not show.
  @Test func aUnionSelectsEachMembersKeysInATypeCase() throws {
    let operation = try Self.generated("query Q { search { ... on Planet { name } } }")
    #expect(try Self.sentText(operation) == #"""
      "query Q {\n  search {\n    __typename\n    ... on Planet {\n      name\n    }\n    ... on Ship {\n      id\n    }\n  }\n}"
      """#)
    #expect(operation.contains(#"keyFields: ["Ship": ["id"]]"#))
    #expect(operation.contains("public var asPlanet: AsPlanet?"))
    #expect(!operation.contains("var asShip"))
    #expect(!operation.contains("public struct AsShip"))
  }

  @Test func aFragmentsSelectionsGetTheirKeysToo() throws {
    let fragment = try Self.generated(
      "query Q { ship(id: 1) { ...Crew } } fragment Crew on Ship { captain { name } }", file: "Fleet.Crew.swift")
    #expect(fragment.contains(#"selections: Captain.selections, keyFields: ["Pilot": ["callSign"]])"#))
    #expect(!fragment.contains("var callSign:"))
    let operation = try Self.generated("query Q { ship(id: 1) { ...Crew } } fragment Crew on Ship { captain { name } }")
    #expect(try Self.sentText(operation).contains(#"fragment Crew on Ship {\n  __typename\n  captain {\n    __typename\n    callSign\n    name\n  }\n}"#))
  }
}
