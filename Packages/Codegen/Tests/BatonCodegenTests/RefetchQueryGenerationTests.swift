import BatonCodegen
import Testing

/// What generating makes of `@refetchable` and fragment variables: the refetch query named
/// by `queryName` as an operation of its own (its root chosen by the fragment's type), the
/// text sent with fragment arguments inlined, and the metadata that keys fields by the
/// values the arguments take.
struct RefetchQueryGenerationTests {
  static let schema = """
    interface Node { id: ID! }
    type PageInfo { endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String }
    type Ship implements Node { id: ID! name: String! crew(first: Int, after: String): CrewConnection! }
    type Dock { code: String! name: String! }
    type Crate { label: String }
    type CrewConnection { edges: [CrewEdge!]! pageInfo: PageInfo! }
    type CrewEdge { cursor: String! node: Sailor! }
    type Sailor { id: ID! name: String! }
    type Query { ship(id: ID!): Ship dock(code: String!): Dock crate: Crate ships(first: Int, after: String): ShipConnection! }
    type ShipConnection { edges: [ShipEdge!]! pageInfo: PageInfo! }
    type ShipEdge { cursor: String! node: Ship! }
    """
  static let nodeField = "extend type Query { node(id: ID!): Node }"

  static func files(_ document: String, extra: String = "", keyFields: [String: [String]] = [:]) throws -> [GeneratedFile] {
    var config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet")
    config.keyFields = keyFields
    // One file: fields of an extension file would be client fields, left out of the text sent.
    return try Generator.generate(
      schemaFiles: [("schema.graphql", schema + "\n" + extra)], documentFiles: [("Fleet.graphql", document)], config: config)
  }

  static func file(_ files: [GeneratedFile], _ name: String) throws -> String {
    try #require(files.first { $0.path == "Fleet.\(name).swift" }, "no Fleet.\(name).swift").contents
  }

  static func errors(_ document: String, extra: String = "", keyFields: [String: [String]] = [:]) -> [String] {
    do {
      _ = try files(document, extra: extra, keyFields: keyFields)
      return []
    } catch let error as CodegenErrors {
      return error.errors.map { error in
        (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ")
      }
    } catch {
      return ["\(error)"]
    }
  }

  @Test func aFragmentOnTheQueryTypeIsSpreadAtTheRootWithItsArgumentsAsVariables() throws {
    let files = try Self.files("""
      fragment ShipList on Query @refetchable(queryName: "ShipListPaginationQuery")
        @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
        ships(first: $count, after: $cursor) @connection(key: "ShipList_ships") { edges { node { name } } }
      }
      """)
    let query = try Self.file(files, "ShipListPaginationQuery")
    #expect(query.contains("public struct ShipListPaginationQuery: BatonStore.GraphQLOperation {"))
    #expect(query.contains(#"query ShipListPaginationQuery($count: Int = 2, $cursor: String) {\n  ...ShipList_"#))
    #expect(query.contains(#"ships(first: $count, after: $cursor) {"#))
    #expect(!query.contains("@arguments") && !query.contains("@argumentDefinitions") && !query.contains("@refetchable"))
    #expect(query.contains(#"arguments: [BatonNormalizer.Argument("count", .variable("count")), BatonNormalizer.Argument("cursor", .variable("cursor"))]"#))
    let fragment = try Self.file(files, "ShipList")
    #expect(fragment.contains("public typealias RefetchQuery = Fleet.ShipListPaginationQuery"))
    #expect(fragment.contains(#"argumentDefinitions: [BatonNormalizer.FragmentArgument("count", defaultValue: .number("2")), BatonNormalizer.FragmentArgument("cursor")])"#))
  }

  /// Operation variables the fragment (and what it spreads) uses become the query's too,
  /// typed where they are used.
  @Test func theFragmentsOperationVariablesAreTheRefetchQuerysToo() throws {
    let files = try Self.files("""
      fragment ShipPage on Query @refetchable(queryName: "ShipPageQuery") { ships(first: $count) { ...After } }
      fragment After on ShipConnection { edges { node { crew(first: 1, after: $crewAfter) { edges { cursor } } } } }
      """)
    let query = try Self.file(files, "ShipPageQuery")
    #expect(query.contains(#"query ShipPageQuery($count: Int, $crewAfter: String) {\n  ...ShipPage\n}"#))
  }

  @Test func aFragmentOnANodeIsRefetchedThroughNode() throws {
    let files = try Self.files(
      #"fragment ShipName on Ship @refetchable(queryName: "ShipNameRefetchQuery") { name }"#, extra: Self.nodeField)
    let query = try Self.file(files, "ShipNameRefetchQuery")
    #expect(query.contains(#"query ShipNameRefetchQuery($id: ID!) {\n  node(id: $id) {\n    __typename\n    id\n    ...ShipName\n  }\n}"#))
    #expect(query.contains("public init(id: Swift.String)"))
  }

  @Test func withoutNodeATypeIsRefetchedThroughTheRootFieldTakingItsKey() throws {
    let files = try Self.files(
      #"fragment DockName on Dock @refetchable(queryName: "DockRefetch") { name }"#, keyFields: ["Dock": ["code"]])
    let query = try Self.file(files, "DockRefetchQuery")
    #expect(query.contains(#"query DockRefetch($code: String!) {\n  dock(code: $code) {\n    __typename\n    code\n    ...DockName\n  }\n}"#))
  }

  @Test func aTypeThatCannotBeFetchedAgainIsAnErrorAtTheFragmentsName() {
    #expect(Self.errors(#"fragment CrateLabel on Crate @refetchable(queryName: "CrateRefetch") { label }"#) == [
      #"1:10 Fragment "CrateLabel" is @refetchable, but its type "Crate" cannot be fetched again: @refetchable fragments must be on the query type, on "Node" or a type implementing it when the query type has "node(id: ID!): Node", or on a type with key fields that a root field returning it takes as arguments (e.g. "character(id: ID!): Character")."#
    ])
  }

  @Test func aVariableNamedLikeTheKeyIsAnError() {
    let document = #"""
      fragment ShipCrew on Ship @refetchable(queryName: "ShipCrewRefetch") @argumentDefinitions(id: {type: "String"}) {
        crew(first: 1, after: $id) { edges { cursor } }
      }
      """#
    #expect(Self.errors(document, extra: Self.nodeField) == [
      #"1:10 Fragment "ShipCrew" is @refetchable through its key "id", but it already has a variable "$id", which the refetch query needs for the key."#
    ])
  }

  @Test func eachDistinctArgumentSetIsPrintedAsItsOwnFragment() throws {
    let files = try Self.files("""
      query Two($after: String) {
        a: ship(id: 1) { ...Crew @arguments(first: 1, after: $after) }
        b: ship(id: 2) { ...Crew @arguments(first: 5) }
        c: ship(id: 3) { ...Crew @arguments(first: 1, after: $after) }
      }
      fragment Crew on Ship @argumentDefinitions(first: {type: "Int!"}, after: {type: "String"}) {
        crew(first: $first, after: $after) { edges { node { name } } }
      }
      """)
    let query = try Self.file(files, "TwoQuery")
    let printed = query.components(separatedBy: #"\n\nfragment Crew_"#).count - 1
    #expect(printed == 2)
    #expect(query.contains("crew(first: 1, after: $after) {"))
    #expect(query.contains("crew(first: 5, after: null) {"))
    #expect(query.contains(#"BatonNormalizer.FragmentSpread(Fleet.Crew.fragment, arguments: [BatonNormalizer.Argument("first", .literal(.number("5")))])"#))
  }
}
