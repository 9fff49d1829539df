import BatonCodegen
import GraphQLSyntax
import Testing

/// `@refetchable(queryName:)`'s misuse, with relay-compiler's places (`refetchable_fragment`):
/// the `queryName` value for its own errors, the fragment's name for the fragment's. Which
/// types can be refetched is decided with the key fields when the query is built, so those
/// errors come from generating.
@Suite struct RefetchableDirectiveRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static let cases: [Case] = [
    Case(document: #"fragment F on User @refetchable(queryName: "FRefetch") { name }"#, errors: []),
    Case(
      document: #"fragment F on User @refetchable(queryName: $name) { name }"#,
      errors: [#"1:44 @refetchable's "queryName" must be a string literal, not $name."#]),
    Case(
      document: #"query Q { me { ...F } } fragment F on User @refetchable(queryName: "Q") { name }"#,
      errors: [#"1:68 @refetchable's queryName "Q" must be unique: a definition named "Q" already exists."#]),
    Case(
      document: #"""
        fragment F on User @refetchable(queryName: "R") { name } fragment G on User @refetchable(queryName: "R") { id }
        """#,
      errors: [#"1:101 @refetchable's queryName "R" is taken by fragment "F" too; each fragment needs its own."#]),
    Case(
      document: #"fragment F on User @refetchable { name }"#,
      errors: ["1:20 Argument '@refetchable(queryName:)' of type 'String!' is required, but it was not provided."]),
    Case(
      document: #"{ me { ...F } } fragment F on User @refetchable(queryName: "R") @refetchable(queryName: "S") { name }"#,
      errors: ["1:36 1:65 The directive '@refetchable' can only be used once at this location."]),
    Case(
      document: #"{ me { name @refetchable(queryName: "R") } }"#,
      errors: ["1:13 Directive '@refetchable' may not be used on field."]),
  ]

  @Test(arguments: cases)
  func reportsRefetchableErrors(_ testCase: Case) {
    let errors = ValidationHarness.errors(testCase.document)
      .filter { !$0.contains("is never used") }  // the cases leave their fragments unused on purpose
    #expect(errors == testCase.errors)
  }

  static let connectionSDL = """
    type PageInfo { endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String }
    type User { id: ID! friends(first: Int, after: String): UserConnection pals(first: Int): UserConnection best: [User] }
    type UserConnection { edges: [UserEdge] pageInfo: PageInfo! }
    type UserEdge { cursor: String! node: User }
    type Query { me: User }
    """

  @Test(arguments: [
    (
      #"fragment F on User @refetchable(queryName: "R") { friends(first: 1) @connection(key: "F_friends") { edges { cursor } } }"#,
      [#"1:10 Fragment "F" is @refetchable, so its @connection "friends" must take variables for "first", which its refetch query pages through."#]
    ),
    (
      #"""
      fragment F on User @refetchable(queryName: "R") @argumentDefinitions(n: {type: "Int"}) {
        friends(first: $n) @connection(key: "F_friends") { edges { cursor } } pals(first: $n) @connection(key: "F_pals") { edges { cursor } }
      }
      """#,
      [#"1:10 Fragment "F" is @refetchable and holds 2 @connection fields; it may hold at most one."#]
    ),
    (
      #"""
      fragment F on User @refetchable(queryName: "R") @argumentDefinitions(n: {type: "Int"}) {
        best { friends(first: $n) @connection(key: "F_friends") { edges { cursor } } }
      }
      """#,
      [#"1:10 Fragment "F" is @refetchable, so its @connection "friends" may not be inside a list field."#]
    ),
  ])
  func reportsConnectionErrors(_ document: String, _ expected: [String]) throws {
    let schema = try SDLSchemaBuilder.build(sdl: Self.connectionSDL, name: "schema.graphql")
    let errors = Validator.validate(source: Source(document), schema: schema, rules: specifiedRules + relayRules)
      .filter { !$0.message.contains("is never used") }
      .map { error in (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ") }
    #expect(errors == expected)
  }
}
