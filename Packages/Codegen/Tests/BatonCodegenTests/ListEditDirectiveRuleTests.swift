import BatonCodegen
import GraphQLSyntax
import Testing

/// The list-edit directives' misuse, at the directive's name as relay-compiler's
/// `declarative_connection` reports it (the edge type's error at its value).
@Suite struct ListEditDirectiveRuleTests {
  static let sdl = """
    type User { id: ID! name: String }
    type UserEdge { cursor: String! node: User }
    type Payload { edge: UserEdge user: User deletedId: ID! deletedIds: [ID!] name: String }
    type Query { me: User }
    type Mutation { change(id: ID): Payload }
    """

  static let cases: [(String, [String])] = [
    (#"mutation M($c: [ID!]!) { change { edge @appendEdge(connections: $c) { cursor } user @prependNode(connections: $c, edgeTypeName: "UserEdge") { id } deletedId @deleteEdge(connections: $c) deletedIds @deleteRecord } }"#, []),
    (#"mutation M($c: [ID!]!) { change { name @deleteEdge(connections: $c) } }"#,
     [#"1:41 @deleteEdge on "name" needs a field of type ID or [ID], not "String"."#]),
    (#"mutation { change { u: user @deleteRecord { id } } }"#,
     [#"1:30 @deleteRecord on "u" needs a field of type ID or [ID], not "User"."#]),
    (#"mutation M($c: [ID!]!) { change { user @appendEdge(connections: $c) { id } } }"#,
     [#"1:41 @appendEdge on "user" needs an edge: a field whose type has "cursor" and "node" fields, not "User"."#]),
    (#"mutation M($c: [ID!]!) { change { name @appendNode(connections: $c, edgeTypeName: "Nope") } }"#, [
      #"1:41 @appendNode on "name" needs a field of an object, interface or union type, not "String"."#,
      #"1:83 @appendNode's edgeTypeName "Nope" must name an object type of the schema."#,
    ]),
  ]

  @Test func reportsListEditErrors() throws {
    let schema = try SDLSchemaBuilder.build(sdl: Self.sdl, name: "schema.graphql")
    for (document, expected) in Self.cases {
      let errors = Validator.validate(source: Source(document), schema: schema, rules: specifiedRules + relayRules)
        .map { error in (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ") }
      #expect(errors == expected, "\(document)")
    }
  }
}
