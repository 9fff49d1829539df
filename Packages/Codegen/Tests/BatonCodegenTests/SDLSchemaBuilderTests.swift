import BatonCodegen
import GraphQLSyntax
import Testing

/// SDL to schema: extensions, client extensions, and errors with every location involved.
@Suite struct SDLSchemaBuilderTests {
  @Test func buildsTypesWithExtensionsAcrossFiles() throws {
    let schema = try SDLSchemaBuilder.build(sources: [
      Source("type Query { a: Int }\ninterface Node { id: ID! }", name: "a.graphql"),
      Source(
        """
        extend type Query { b: [String!] @semanticNonNull(levels: [1]) }
        type User implements Node { id: ID! name: String }
        extend type User @semanticNonNullField(name: "name")
        extend schema @onSchema
        directive @onSchema on SCHEMA
        """, name: "b.graphql"),
    ])
    #expect(schema.queryTypeName == "Query")
    #expect(schema.type(named: "Query")?.fields.map(\.name) == ["a", "b"])
    #expect(schema.type(named: "Query")?.field(named: "b")?.semanticNonNullLevels == [1])
    #expect(schema.type(named: "User")?.field(named: "name")?.semanticNonNullLevels == [0])
    #expect(schema.possibleTypes(of: "Node") == ["User"])
    #expect(schema.isSubType("User", of: "Node"))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var sdl: String
    var errors: [String]
    var testDescription: String { errors.first ?? sdl }
  }

  /// Messages and locations are graphql-core's (`validate_sdl`, `validate_schema`).
  static let cases: [Case] = [
    Case(
      sdl: "type Query { a: Int }\ntype Query { b: Int }",
      errors: ["s:1:6 s:2:6 There can be only one type named 'Query'."]),
    Case(
      sdl: "type Query { a: Int a: String }",
      errors: ["s:1:14 s:1:21 Field 'Query.a' can only be defined once."]),
    Case(
      sdl: "type Query { a: Int }\nextend type Query { a: Int }",
      errors: ["s:1:14 s:2:21 Field 'Query.a' can only be defined once."]),
    Case(
      sdl: "type Query { a(x: Int, x: Int): Int }",
      errors: ["s:1:16 s:1:24 Argument 'Query.a(x:)' can only be defined once."]),
    Case(
      sdl: "type Query { a: Int }\nenum E { A A }",
      errors: ["s:2:10 s:2:12 Enum value 'E.A' can only be defined once."]),
    Case(
      sdl: "type Query { a: Int }\ndirective @d on FIELD\ndirective @d on FIELD",
      errors: ["s:2:12 s:3:12 There can be only one directive named '@d'."]),
    Case(
      sdl: "type Query { a: Foo }",
      errors: ["s:1:17 Unknown type 'Foo'."]),
    Case(
      sdl: "type Query { a: Int }\nextend type Nope { a: Int }",
      errors: ["s:2:13 Cannot extend type 'Nope' because it is not defined."]),
    Case(
      sdl: "type Query { a: Int @deprecated @deprecated }",
      errors: ["s:1:21 s:1:33 The directive '@deprecated' can only be used once at this location."]),
    Case(
      sdl: "type Query { a: Int @skip(if: true) }",
      errors: ["s:1:21 Directive '@skip' may not be used on field definition."]),
    Case(
      sdl: "type Query { a: Int @nope }",
      errors: ["s:1:21 Unknown directive '@nope'."]),
    Case(
      sdl: "type Query { x: X }\ninterface X implements X { a: Int }",
      errors: ["s:2:11 Type X cannot implement itself because it would create a circular reference."]),
    Case(
      sdl: "type Query { x: X }\ninterface X { a: Int }\ntype O implements X { a: String }",
      errors: ["s:2:18 s:3:26 Interface field X.a expects type Int but O.a is type String."]),
    Case(
      sdl: "type Query { x: X }\ninterface X { a: Int b: Int }\ntype O implements X { a: Int }",
      errors: ["s:2:22 s:3:6 Interface field X.b expected but O does not provide it."]),
    Case(
      sdl: "type Query { a(i: I): Int }\ninput I { b: I! }",
      errors: ["s:2:11 Input Object I cannot be provided a finite value because it references itself through fields: I.b."]),
    Case(
      sdl: "type Query { a(i: I): Int }\ninput I { c: J! }\ninput J { i: I! }",
      errors: ["s:2:11 s:3:11 Input Object I cannot be provided a finite value because it references itself through fields: I.c, J.i."]),
    Case(
      sdl: "schema { query: Q }\nscalar Q",
      errors: ["s:2:8 Query root type must be Object type, it cannot be Q."]),
    Case(
      sdl: "type Query { a: Int }\nunion U = Query | Int",
      errors: ["s:2:7 Union type U can only include Object types, it cannot include Int."]),
  ]

  @Test(arguments: cases)
  func reportsErrorsWithLocations(_ testCase: Case) {
    do {
      _ = try SDLSchemaBuilder.build(sdl: testCase.sdl, name: "s")
      Issue.record("expected errors: \(testCase.errors)")
    } catch {
      let rendered = error.errors.map { error in
        (error.locations.map { "\($0.file):\($0.line):\($0.column)" } + [error.message])
          .joined(separator: " ")
      }
      #expect(rendered == testCase.errors)
    }
  }
}
