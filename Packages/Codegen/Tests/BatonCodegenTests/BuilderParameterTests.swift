import BatonCodegen
import Testing

/// A builder's parameters for what a fetch may leave out or the compiler adds: a field,
/// spread or type case under `@include`/`@skip` is optional, `nil` (not included) by
/// default, and marks its conditions passed when given; a connection's `pageInfo` the
/// document did not select is a `BuiltPageInfo`, and an edge's `node` a `DataResponse`,
/// both `nil` by default.
struct BuilderParameterTests {
  static let schema = """
    type Query { ships(first: Int, after: String): ShipConnection! node(id: ID!): Node }
    interface Node { id: ID! }
    type Ship implements Node { id: ID! name: String! class: String }
    type Port implements Node { id: ID! city: String }
    type ShipConnection { edges: [ShipEdge!]! pageInfo: PageInfo! }
    type ShipEdge { cursor: String! node: Ship! }
    type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet")

  static func operation(_ document: String) throws -> String {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Fleet.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix("QQuery.swift") }).contents
  }

  @Test func conditionalSelectionsAreOptionalParameters() throws {
    let operation = try Self.operation("""
      query Q($more: Boolean!) {
        ships(first: 2) @connection(key: "Q_ships") { edges { node { name class @include(if: $more) ...Hull @skip(if: $more) } } }
        node(id: "P1") { ... on Port @include(if: $more) { city } }
      }
      fragment Hull on Ship { name }
      """)
    #expect(operation.contains("`class`: Swift.String?? = nil"))
    #expect(operation.contains("response.add(\"class\", `class`, if: [.include(\"more\")])"))
    #expect(operation.contains("hull: Fleet.Hull? = nil"))
    #expect(operation.contains("response.merge(hull?.__response, if: [.skip(\"more\")])"))
    #expect(operation.contains("response.merge(asPort?.__response, if: [.include(\"more\")])"))
  }

  @Test func theConnectionsAddedPageInfoIsAParameter() throws {
    let operation = try Self.operation("query Q { ships(first: 2) @connection(key: \"Q_ships\") { edges { node { name } } } }")
    #expect(operation.contains("edges: [Edge], pageInfo: BatonNormalizer.BuiltPageInfo? = nil)"))
    #expect(operation.contains("response.add(\"pageInfo\", given: pageInfo?.response(typename: \"PageInfo\"))"))
  }

  /// An edge whose document selects no `node` takes the node the compiler adds as its response.
  @Test func theEdgesAddedNodeIsAParameter() throws {
    let operation = try Self.operation("query Q { ships(first: 2) @connection(key: \"Q_ships\") { edges { cursor } } }")
    #expect(operation.contains("cursor: Swift.String, node: BatonNormalizer.DataResponse? = nil)"))
    #expect(operation.contains("response.add(\"node\", given: node)"))
  }
}
