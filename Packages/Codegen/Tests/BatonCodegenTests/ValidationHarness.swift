import BatonCodegen
import GraphQLSyntax
import Testing

/// Runs rules over a document as the tests write them: errors as
/// `line:column message` strings, each location of an error listed.
enum ValidationHarness {
  static let sdl = """
    interface Node { id: ID! }
    type User implements Node { id: ID! name: String friends: [User] best: User avatar(size: Int!): String }
    type Page implements Node { id: ID! title: String }
    union Entity = User | Page
    type Query { me: User node(id: ID!): Node entity: Entity users(first: Int = 10): [User] }
    type Mutation { rename(name: String!): User }
    type Subscription { me: User page: Page }
    input Filter { name: String }
    extend type Query { search(filter: Filter): [User] }
    """

  static let schema: Schema? = try? SDLSchemaBuilder.build(sdl: sdl, name: "schema.graphql")

  static func errors(
    _ document: String, rules: [any ValidationRule.Type] = specifiedRules + relayRules
  ) -> [String] {
    guard let schema else {
      Issue.record("the harness schema does not build")
      return []
    }
    return Validator.validate(source: Source(document), schema: schema, rules: rules).map { error in
      (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ")
    }
  }
}
