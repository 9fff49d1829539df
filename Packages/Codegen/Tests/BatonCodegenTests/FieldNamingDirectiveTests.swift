import BatonCodegen
import GraphQLSyntax
import Testing

/// `@semanticNonNullField`, `@fieldPolicy` and `@maxAgeField` name a field of the type they
/// extend: a name the type does not have, or a `keyArgs` the field does not take, is an
/// error that says where, not a directive that silently changes nothing.
struct FieldNamingDirectiveTests {
  static let schema = """
    type Query { character(id: ID!): Character }
    type Character { id: ID! name: String! status: String }
    """

  static func failure(_ extensions: String) -> String? {
    do {
      _ = try SDLSchemaBuilder.build(sources: [
        .init(schema, name: "schema.graphql"), .init(extensions, name: "schema-extensions.graphql"),
      ])
      return nil
    } catch {
      return String(describing: error)
    }
  }

  @Test func aMisspeltFieldIsAnErrorWithASuggestion() throws {
    for directive in [#"@semanticNonNullField(name: "stauts")"#, #"@maxAgeField(name: "stauts", seconds: 60)"#] {
      let message = try #require(Self.failure("extend type Character \(directive)"), "\(directive)")
      #expect(message.contains(#"names the field "stauts", which Character does not have. Did you mean 'status'?"#))
      #expect(message.contains("schema-extensions.graphql:1:23"), "\(message)")
    }
  }

  @Test func aRedirectsFieldAndKeyArgumentsMustExist() throws {
    let field = try #require(Self.failure(#"extend type Query @fieldPolicy(forField: "charcter", keyArgs: "id")"#))
    #expect(field.contains(#"@fieldPolicy on Query names the field "charcter", which Query does not have."#))
    let argument = try #require(Self.failure(#"extend type Query @fieldPolicy(forField: "character", keyArgs: "uuid")"#))
    #expect(argument.contains(#"names "uuid" in keyArgs, which is not an argument of Query.character."#))
  }

  @Test func rightNamesPass() {
    #expect(Self.failure("""
      extend type Character @semanticNonNullField(name: "status") @maxAgeField(name: "name", seconds: 60)
      extend type Query @fieldPolicy(forField: "character", keyArgs: "id")
      """) == nil)
  }
}
