import TestPrerequisites
import Testing

@testable import GraphQLSyntax

@Suite("Parser: type-system documents")
struct SchemaParserTests {
  @Test("Type-system errors give graphql-core's message and place", arguments: syntaxErrors)
  func syntaxError(_ rejected: RejectedSource) {
    expectRejected(rejected)
  }

  static let syntaxErrors: [RejectedSource] = [
    .init("schema { query: Q, foo: F }", "Syntax Error: Unexpected Name 'foo'.", 1, 20),
    .init("schema {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
    .init("schema @d", "Syntax Error: Expected '{', found <EOF>.", 1, 10),
    .init("extend schema", "Syntax Error: Unexpected <EOF>.", 1, 14),
    .init("extend schema {}", "Syntax Error: Expected Name, found '}'.", 1, 16),
    .init("extend scalar S", "Syntax Error: Unexpected <EOF>.", 1, 16),
    .init("extend type T", "Syntax Error: Unexpected <EOF>.", 1, 14),
    .init("extend interface I", "Syntax Error: Unexpected <EOF>.", 1, 19),
    .init("extend union U", "Syntax Error: Unexpected <EOF>.", 1, 15),
    .init("extend enum E", "Syntax Error: Unexpected <EOF>.", 1, 14),
    .init("extend input I", "Syntax Error: Unexpected <EOF>.", 1, 15),
    .init("extend directive @d", "Syntax Error: Unexpected <EOF>.", 1, 20),
    .init("extend directive d @x", "Syntax Error: Expected '@', found Name 'd'.", 1, 18),
    .init("extend foo T", "Syntax Error: Unexpected Name 'foo'.", 1, 8),
    .init("extend", "Syntax Error: Unexpected <EOF>.", 1, 7),
    .init("type T {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
    .init("type T { a }", "Syntax Error: Expected ':', found '}'.", 1, 12),
    .init("type T { a(): Int }", "Syntax Error: Expected Name, found ')'.", 1, 12),
    .init("type T implements { a: Int }", "Syntax Error: Expected Name, found '{'.", 1, 19),
    .init("type T implements A & { a: Int }", "Syntax Error: Expected Name, found '{'.", 1, 23),
    .init("enum E { true }", "Syntax Error: Name 'true' is reserved and cannot be used for an enum value.", 1, 10),
    .init("enum E { null }", "Syntax Error: Name 'null' is reserved and cannot be used for an enum value.", 1, 10),
    .init(#"enum E { "false" }"#, "Syntax Error: Expected Name, found '}'.", 1, 18),
    .init("enum E {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
    .init("union U = ", "Syntax Error: Expected Name, found <EOF>.", 1, 11),
    .init("union U = | ", "Syntax Error: Expected Name, found <EOF>.", 1, 13),
    .init("input I { a: Int = $v }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 20),
    .init("directive @d on UNKNOWN", "Syntax Error: Unexpected Name 'UNKNOWN'.", 1, 17),
    .init("directive @d on", "Syntax Error: Expected Name, found <EOF>.", 1, 16),
    .init("directive @d repeatable FIELD", "Syntax Error: Expected 'on', found Name 'FIELD'.", 1, 25),
    .init("directive @d(a: Int) FIELD", "Syntax Error: Expected 'on', found Name 'FIELD'.", 1, 22),
    .init("scalar S @d(a: $v)", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 16),
    .init("type T { a: Int @d(a: $v) }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 23),
    .init(#""desc" schema { query: Q } "d2" extend schema @d"#, "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 28),
  ]

  @Test("An object type with interfaces, arguments, defaults and directives")
  func objectType() throws {
    let document = try parseStructure(
      #""""Doc""" type T implements & A & B @key { "f" f(a: Int = 1 @d, b: [String!]!): T! @x }"#)
    let name = Name.init
    #expect(
      document.definitions == [
        .objectType(
          ObjectTypeDefinition(
            description: StringValue("Doc", block: true), name: name("T", nil),
            interfaces: [NamedType(name: name("A", nil)), NamedType(name: name("B", nil))],
            directives: [Directive(name: name("key", nil))],
            fields: [
              FieldDefinition(
                description: StringValue("f"), name: name("f", nil),
                arguments: [
                  InputValueDefinition(
                    name: name("a", nil), type: .named(NamedType(name: name("Int", nil))),
                    defaultValue: .int(IntValue("1")), directives: [Directive(name: name("d", nil))]),
                  InputValueDefinition(
                    name: name("b", nil),
                    type: .nonNull(
                      NonNullType(
                        type: .list(
                          ListType(
                            type: .nonNull(
                              NonNullType(type: .named(NamedType(name: name("String", nil)))))))))),
                ],
                type: .nonNull(NonNullType(type: .named(NamedType(name: name("T", nil))))),
                directives: [Directive(name: name("x", nil))])
            ]))
      ])
  }

  @Test("Directive definitions carry arguments, directives, repeatable and locations")
  func directiveDefinition() throws {
    let document = try parseStructure(
      "directive @d(a: Int) @meta repeatable on | FIELD | FRAGMENT_VARIABLE_DEFINITION | DIRECTIVE_DEFINITION")
    guard case .directive(let directive) = document.definitions.first else {
      Issue.record("Not a directive definition")
      return
    }
    #expect(directive.repeatable)
    #expect(directive.directives.map(\.name.value) == ["meta"])
    #expect(
      directive.locations.map(\.value)
        == ["FIELD", "FRAGMENT_VARIABLE_DEFINITION", "DIRECTIVE_DEFINITION"])
  }

  @Test("Every extension kind parses, directive extensions included")
  func extensions() throws {
    let document = try parseStructure(
      """
      extend schema @a { subscription: S }
      extend scalar S @a
      extend type T implements I
      extend interface I @a
      extend union U = | A | B
      extend enum E { V }
      extend input I { f: Int }
      extend directive @d @a
      """)
    let kinds = document.definitions.map { definition -> String in
      switch definition {
      case .schemaExtension: "schema"
      case .scalarTypeExtension: "scalar"
      case .objectTypeExtension: "type"
      case .interfaceTypeExtension: "interface"
      case .unionTypeExtension(let union): "union \(union.types.count)"
      case .enumTypeExtension: "enum"
      case .inputObjectTypeExtension: "input"
      case .directiveExtension(let directive): "directive \(directive.name.value)"
      default: "other"
      }
    }
    #expect(
      kinds == ["schema", "scalar", "type", "interface", "union 2", "enum", "input", "directive d"])
  }

  @Test("The schema kitchen sink parses and prints back to the same tree", .requires(.graphQLCoreFixtures))
  func schemaKitchenSink() throws {
    let text = try Fixtures.graphqlCore("schema_kitchen_sink.graphql")
    let document = try parseStructure(text)
    #expect(try parseStructure(Printer.print(document)) == document)
  }

  @Test(
    "Schema coordinates parse as graphql-core's parse_schema_coordinate",
    arguments: [
      ("Type", "Type"), ("Type.field", "Type.field"), ("Type.field(arg:)", "Type.field(arg:)"),
      ("@dir", "@dir"), ("@dir(arg:)", "@dir(arg:)"),
    ])
  func schemaCoordinates(text: String, printed: String) throws {
    let coordinate = try parseSchemaCoordinate(Source(text))
    #expect(Printer.print(coordinate) == printed)
    #expect(coordinate.loc == Location(start: 0, end: text.utf8.count))
  }

  @Test(
    "Schema coordinate errors",
    arguments: [
      RejectedSource("Type.field(arg)", "Syntax Error: Expected ':', found ')'.", 1, 15),
      RejectedSource("Type .x", "Syntax Error: Invalid character: ' '.", 1, 5),
      RejectedSource("@dir.x", "Syntax Error: Expected <EOF>, found '.'.", 1, 5),
      RejectedSource("Type.field(arg:", "Syntax Error: Expected ')', found <EOF>.", 1, 16),
      RejectedSource("", "Syntax Error: Expected Name, found <EOF>.", 1, 1),
      RejectedSource("Type.\u{E9}", "Syntax Error: Invalid character: U+00E9.", 1, 6),
    ])
  func schemaCoordinateErrors(_ rejected: RejectedSource) {
    #expect {
      _ = try parseSchemaCoordinate(Source(rejected.source))
    } throws: { error in
      guard let error = error as? SyntaxError else { return false }
      return error.message == rejected.message && error.line == rejected.line
        && error.column == rejected.column
    }
  }
}
