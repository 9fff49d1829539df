import Foundation
import TestPrerequisites
import Testing

@testable import GraphQLSyntax

@Suite("Parser: executable documents")
struct ParserTests {
  @Test("Syntax errors give graphql-core's message and place", arguments: syntaxErrors)
  func syntaxError(_ rejected: RejectedSource) {
    expectRejected(rejected)
  }

  static let syntaxErrors: [RejectedSource] = [
    .init("", "Syntax Error: Unexpected <EOF>.", 1, 1),
    .init("{", "Syntax Error: Expected Name, found <EOF>.", 1, 2),
    .init("{ a", "Syntax Error: Expected Name, found <EOF>.", 1, 4),
    .init("query", "Syntax Error: Expected '{', found <EOF>.", 1, 6),
    .init("query Foo", "Syntax Error: Expected '{', found <EOF>.", 1, 10),
    .init("query Foo(", "Syntax Error: Expected '$', found <EOF>.", 1, 11),
    .init("query Foo($a) { a }", "Syntax Error: Expected ':', found ')'.", 1, 13),
    .init("query Foo($a: ) { a }", "Syntax Error: Expected Name, found ')'.", 1, 15),
    .init("{ a(b) }", "Syntax Error: Expected ':', found ')'.", 1, 6),
    .init("{ a(b:) }", "Syntax Error: Unexpected ')'.", 1, 7),
    .init("{ ...on }", "Syntax Error: Expected Name, found '}'.", 1, 9),
    .init("{ ... on { a } }", "Syntax Error: Expected Name, found '{'.", 1, 10),
    .init("fragment on on T { a }", "Syntax Error: Unexpected Name 'on'.", 1, 10),
    .init("fragment F T { a }", "Syntax Error: Expected 'on', found Name 'T'.", 1, 12),
    .init("fragment F on T", "Syntax Error: Expected '{', found <EOF>.", 1, 16),
    .init("notAnOperation Foo { field }", "Syntax Error: Unexpected Name 'notAnOperation'.", 1, 1),
    .init("...", "Syntax Error: Unexpected '...'.", 1, 1),
    .init("{ a: }", "Syntax Error: Expected Name, found '}'.", 1, 6),
    .init("{ a(x: $) }", "Syntax Error: Expected Name, found ')'.", 1, 9),
    .init("query Q($v: Int = $w) { a }", "Syntax Error: Unexpected variable '$w' in constant value.", 1, 19),
    .init("query Q($v: Int = $) { a }", "Syntax Error: Unexpected '$'.", 1, 19),
    .init("query Q($v: [Int!) { a }", "Syntax Error: Expected ']', found ')'.", 1, 18),
    .init("query Q($v: Int!!) { a }", "Syntax Error: Expected '$', found '!'.", 1, 17),
    .init(#""desc" { a }"#, "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
    .init(#""desc" extend type T @d"#, "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
    .init(#""desc" foo"#, "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
    .init(#"{ a } "desc""#, "Syntax Error: Unexpected <EOF>.", 1, 13),
    .init("subscription S @ { a }", "Syntax Error: Expected Name, found '{'.", 1, 18),
    .init("query Q @d(a: 1 { a }", "Syntax Error: Expected Name, found '{'.", 1, 17),
    .init("{ a(x: [1, 2) }", "Syntax Error: Unexpected ')'.", 1, 13),
    .init("{ a(x: {b: 1) }", "Syntax Error: Expected Name, found ')'.", 1, 13),
    .init("{ a(x: {b 1}) }", "Syntax Error: Expected ':', found Int '1'.", 1, 11),
    .init("mutation { a }}", "Syntax Error: Unexpected '}'.", 1, 15),
    .init(#"{ a(x: """a""" ) } }"#, "Syntax Error: Unexpected '}'.", 1, 20),
    .init("fragment F($a: Int) on T { a }", "Syntax Error: Expected 'on', found '('.", 1, 11),
    .init("{ ...F(a: 1) }", "Syntax Error: Expected Name, found '('.", 1, 7),
    .init("query @ { a }", "Syntax Error: Expected Name, found '{'.", 1, 9),
    .init(#""""desc""" fragment F on T { a } { b } 1"#, "Syntax Error: Unexpected Int '1'.", 1, 40),
  ]

  @Test("A field keeps its alias, arguments, directives and selections in order")
  func fieldStructure() throws {
    let document = try parseStructure(#"{ alias: field(a: 1, b: $v) @skip(if: true) @x { sub } }"#)
    guard case .operation(let operation) = document.definitions.first,
      case .field(let field) = operation.selectionSet.selections.first
    else {
      Issue.record("Not a field")
      return
    }
    #expect(operation.operation == .query && operation.name == nil)
    #expect(field.alias == Name("alias") && field.name == Name("field"))
    #expect(field.responseKey == "alias")
    #expect(
      field.arguments == [
        Argument(name: Name("a"), value: .int(IntValue("1"))),
        Argument(name: Name("b"), value: .variable(Variable(name: Name("v")))),
      ])
    #expect(field.directives.map(\.name.value) == ["skip", "x"])
    #expect(field.selectionSet?.selections == [.field(Field(name: Name("sub")))])
  }

  @Test("Values parse to their node kinds")
  func values() throws {
    let value = try argumentValue(#"[1, -2.5e3, "s", """b""", true, false, null, ENUM, $v, {a: [], b: {}}]"#)
    #expect(
      value
        == .list(
          ListValue([
            .int(IntValue("1")), .float(FloatValue("-2.5e3")), .string(StringValue("s")),
            .string(StringValue("b", block: true)), .boolean(BooleanValue(true)),
            .boolean(BooleanValue(false)), .null(NullValue()), .enumValue(EnumValue("ENUM")),
            .variable(Variable(name: Name("v"))),
            .object(
              ObjectValue([
                ObjectField(name: Name("a"), value: .list(ListValue([]))),
                ObjectField(name: Name("b"), value: .object(ObjectValue([]))),
              ])),
          ])))
  }

  @Test("parseConstValue rejects variables; parseType reads wrapped types")
  func valueAndTypeEntryPoints() throws {
    #expect(throws: SyntaxError.self) { try parseConstValue(Source("[$a]")) }
    #expect(
      try parseType(Source("[Int!]!"), options: ParseOptions(noLocation: true))
        == .nonNull(
          NonNullType(
            type: .list(
              ListType(type: .nonNull(NonNullType(type: .named(NamedType(name: Name("Int"))))))))))
    #expect(throws: SyntaxError.self) { try parseType(Source("Int Int")) }
    #expect(throws: SyntaxError.self) { try parseValue(Source("1 2")) }
  }

  @Test("Descriptions are accepted on operations, variables and fragments")
  func executableDescriptions() throws {
    let document = try parseStructure(
      #""""Op""" query Q("var" $a: Int) { a } "Frag" fragment F on T { b }"#)
    guard case .operation(let operation) = document.definitions[0],
      case .fragment(let fragment) = document.definitions[1]
    else {
      Issue.record("Unexpected definitions")
      return
    }
    #expect(operation.description == StringValue("Op", block: true))
    #expect(operation.variableDefinitions.first?.description == StringValue("var"))
    #expect(fragment.description == StringValue("Frag"))
  }

  @Test("Selection sets may be empty, as graphql-core 3.3 allows")
  func emptySelectionSets() throws {
    let document = try parseStructure("{ a {} }")
    #expect(Printer.print(document) == "{\n  a {}\n}")
  }

  @Test("Fragment arguments parse only with the experimental option")
  func fragmentArguments() throws {
    let text = "{ ...F(a: 1) } fragment F($a: Int = 2) on T { b(x: $a) }"
    let document = try parseStructure(text, experimental: true)
    guard case .operation(let operation) = document.definitions[0],
      case .fragmentSpread(let spread) = operation.selectionSet.selections[0],
      case .fragment(let fragment) = document.definitions[1]
    else {
      Issue.record("Unexpected definitions")
      return
    }
    #expect(spread.arguments == [Argument(name: Name("a"), value: .int(IntValue("1")))])
    #expect(fragment.variableDefinitions.map(\.variable.name.value) == ["a"])
    #expect(throws: SyntaxError.self) { try parseStructure(text) }
  }

  @Test("Locations are byte ranges; line and column count code points")
  func locations() throws {
    let source = Source("{ a(x: \"\u{E9}\") b }")
    let document = try parse(source)
    guard case .operation(let operation) = document.definitions[0],
      case .field(let second) = operation.selectionSet.selections[1],
      case .field(let first) = operation.selectionSet.selections[0]
    else {
      Issue.record("Unexpected definitions")
      return
    }
    #expect(document.loc == Location(start: 0, end: 16))
    #expect(first.loc == Location(start: 2, end: 12))
    #expect(first.arguments[0].value.loc == Location(start: 7, end: 11))
    #expect(second.loc == Location(start: 13, end: 14))
    #expect(source.location(at: 13) == GraphQLSyntax.SourceLocation(line: 1, column: 13))
  }

  @Test("noLocation leaves every location nil, so trees compare by structure")
  func noLocation() throws {
    let first = try parseStructure("query Q { a(x: [1]) { ... on T { b } } }")
    let second = try parseStructure("query   Q{a(x:[1]){...on T{b}}}")
    #expect(first == second)
    #expect(first.definitions[0].loc == nil)
  }

  @Test("The kitchen sink parses and prints back to the same tree", .requires(.graphQLCoreFixtures))
  func kitchenSink() throws {
    let text = try Fixtures.graphqlCore("kitchen_sink.graphql")
    let document = try parseStructure(text, experimental: true)
    #expect(document.definitions.count == 6)
    #expect(try parseStructure(Printer.print(document), experimental: true) == document)
  }
}

/// graphql-core's test fixtures from its sdist, which `Tools/setup-test-env.sh` unpacks.
enum Fixtures {
  static func graphqlCore(_ name: String) throws -> String {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
      directory = directory.deletingLastPathComponent()
    }
    let url = directory.appendingPathComponent(".cache/graphql_core-3.3.2/tests/fixtures/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
  }
}
