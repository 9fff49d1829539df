import BatonCodegen
import Testing

/// The types a `@required(action: NONE or LOG)` null gives, as Relay's typegen gives them:
/// the object holding the field is optional whatever its schema type (in a list, the item),
/// and a `@required` on that object makes only its outer level non-optional again.
struct RequiredBubblingEmitTests {
  static let schema = """
    type Query { shelf(id: ID!): Shelf featured: Shelf! }
    type Shelf { id: ID! label: String books: [Book!]! stacks: [[Book!]!] curator: Person! }
    type Book { id: ID! title: String }
    type Person { id: ID! name: String }
    """

  static let document = """
    query Q($id: ID!, $withLabel: Boolean!) {
      shelf(id: $id) {
        id
        books { id title @required(action: LOG) }
        stacks { id title @required(action: NONE) }
        curator { id name @required(action: NONE) }
        ...ShelfLabel
      }
      featured @required(action: LOG) {
        books @required(action: LOG) { title @required(action: LOG) }
      }
    }
    fragment ShelfLabel on Shelf { label @required(action: NONE) @include(if: $withLabel) }
    """

  static func generated(_ document: String = document) throws -> [String: String] {
    let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Q.graphql", document)], config: config)
    return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func aListOfObjectsHoldingANullKeepsTheListAndMakesTheItemsOptional() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains("public var books: BatonNormalizer.DataList<Book?> { __read.list(2) }"))
    #expect(query.contains("public var stacks: BatonNormalizer.DataList<BatonNormalizer.DataList<Stack?>>? {"))
  }

  @Test func aNonNullObjectHoldingANullIsOptional() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains("public var curator: Curator? { __read.optionalData(4) }"))
  }

  @Test func aRequiredObjectHoldingANullIsNonOptionalOnTheOutside() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains("public var featured: Featured {"))
    // Featured's slot 1 is the `id` the compiler adds, unseen by the data type.
    let featured = try #require(query.components(separatedBy: "public struct Featured: BatonNormalizer.GraphQLData").last)
    #expect(featured.contains("public var books: BatonNormalizer.DataList<Book?> { __read.list(2) }"))
  }

  @Test func aFragmentWithAConditionalRequiredFieldIsReadAsOptional() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains("public var shelfLabel: API.ShelfLabel? {"))
  }

  @Test func aVariableActionIsAnErrorAndNoEnumIsMadeForIt() {
    let document = "query Q($a: RequiredFieldAction!) { shelf(id: 1) { id title: label @required(action: $a) } }"
    #expect {
      let files = try Self.generated(document)
      Issue.record("generated \(files.keys.sorted()) for a variable action")
    } throws: { error in
      "\(error)".contains("Q.graphql:1:86: error: Unexpected dynamic argument. required's 'action' argument must be a constant value")
    }
  }
}
