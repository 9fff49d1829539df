import BatonCodegen
import GraphQLSyntax
import Testing

/// `@connection`'s misuse, each case with its message and the locations relay-compiler's
/// `validate_connections` gives: the connection field's name, and for the directive's
/// arguments the argument's value with the field's name second.
@Suite struct ConnectionDirectiveRuleTests {
  static let sdl = """
    type PageInfo { endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String }
    type User { id: ID! name: String friends(first: Int, after: String, last: Int, before: String, orderBy: String): UserConnection
      friendList(first: Int): [UserConnection] pals(first: Int): PalConnection name2(first: Int): String }
    type UserConnection { edges: [UserEdge] pageInfo: PageInfo! }
    type UserEdge { cursor: String! node: User }
    type PalConnection { edges: PalEdge pageInfo: [PageInfo] }
    type PalEdge { cursor: [String] node: [User] }
    type Query { me: User }
    """

  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static let cases: [Case] = [
    Case(
      document: #"{ me { friends(first: 2) @connection(key: "F_friends") { edges { node { id } } } } }"#,
      errors: []),
    Case(
      document: #"{ me { f: friends(last: 2, orderBy: "name") @connection(key: "F_f", filters: ["orderBy"]) { edges { cursor } } } }"#,
      errors: []),
    Case(
      document: #"{ me { friendList(first: 1) @connection(key: "F_friendList") { edges { cursor } } } }"#,
      errors: [#"1:8 @connection field "friendList" must return one object or interface, not "[UserConnection]"."#]),
    Case(
      document: #"{ me { name2(first: 1) @connection(key: "F_name2") } }"#,
      errors: [#"1:8 @connection field "name2" must return one object or interface, not "String"."#]),
    Case(
      document: #"{ me { friends(after: "x") @connection(key: "F_friends") { edges { cursor } } } }"#,
      errors: [#"1:8 @connection field "friends" must be given a "first" or "last" argument."#]),
    Case(
      document: #"{ me { friends(first: 1) @connection(key: "F_friends") { pageInfo { endCursor } } } }"#,
      errors: [#"1:8 @connection field "friends" must select "edges"."#]),
    Case(
      document: #"{ me { pals(first: 1) @connection(key: "F_pals") { edges { cursor } } } }"#,
      errors: [
        #"1:8 1:52 @connection field "pals": its type "PalConnection" must have an "edges" field returning a list of objects or interfaces."#,
        #"1:8 @connection field "pals": its type "PalConnection" must have a "pageInfo" field returning one object."#,
      ]),
    Case(
      document: #"{ me { friends(first: 1) @connection(key: "friends") { edges { cursor } } } }"#,
      errors: [#"1:43 1:8 @connection's key "friends" must end with "_friends", the field's alias or name."#]),
    Case(
      document: #"{ me { f: friends(first: 1) @connection(key: "K_friends") { edges { cursor } } } }"#,
      errors: [#"1:46 1:11 @connection's key "K_friends" must end with "_f", the field's alias or name."#]),
    Case(
      document: #"query Q($k: String!) { me { friends(first: 1) @connection(key: $k) { edges { cursor } } } }"#,
      errors: [#"1:64 1:29 @connection's "key" must be a string literal, not a variable."#]),
    Case(
      document: #"{ me { friends(first: 1) @connection(key: "K_friends", filters: ["orderBy"]) { edges { cursor } } } }"#,
      errors: [#"1:65 @connection's filters name "orderBy", which is not an argument given to "friends"."#]),
    Case(
      document: #"{ me { friends(first: 1) @connection(key: "K_friends", filters: "orderBy") { edges { cursor } } } }"#,
      errors: [#"1:65 1:8 @connection's "filters" must be a list of string literals."#]),
    Case(
      document: #"{ me { friends(first: 1) @connection { edges { cursor } } } }"#,
      errors: [#"1:26 Argument '@connection(key:)' of type 'String!' is required, but it was not provided."#]),
  ]

  @Test(arguments: cases)
  func reportsConnectionErrors(_ testCase: Case) throws {
    let schema = try SDLSchemaBuilder.build(sdl: Self.sdl, name: "schema.graphql")
    let errors = Validator.validate(source: Source(testCase.document), schema: schema, rules: specifiedRules + relayRules)
      .map { error in (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ") }
    #expect(errors == testCase.errors)
  }

  @Test func pageInfoWithoutTheCursorFieldsIsReportedPerField() throws {
    let sdl = """
      type PageInfo { hasNextPage: Boolean! }
      type C { edges: [E!]! pageInfo: PageInfo! }
      type E { cursor: String! node: Query }
      type Query { c(first: Int): C }
      """
    let schema = try SDLSchemaBuilder.build(sdl: sdl, name: "schema.graphql")
    let document = #"{ c(first: 1) @connection(key: "K_c") { edges { cursor } } }"#
    let messages = Validator.validate(source: Source(document), schema: schema, rules: relayRules).map(\.message)
    #expect(messages == ["endCursor", "hasPreviousPage", "startCursor"].map {
      #"@connection field "c": its type "C" must have "pageInfo { \#($0) }" returning one scalar."#
    })
  }
}
