import BatonCodegen
import Foundation
import Testing

/// Schemas written to inject code: names that are not GraphQL names are rejected with the
/// place, as graphql-core's `build_client_schema` rejects them, and text a schema or document
/// provides reaches generated Swift only inside comments and literals it cannot leave.
@Suite struct HostileSchemaTests {
  /// A small introspection result: `type Query { pet(kind: Kind): Pet }`, `enum Kind { CAT DOG }`,
  /// `type Pet { name: String }`, `input Filter { word: String }`, `directive @mark on FIELD`.
  static func introspection(
    query: String = "Query", field: String = "pet", argument: String = "kind", enumValue: String = "CAT",
    inputField: String = "word", directive: String = "mark", extraType: String = ""
  ) -> String {
    """
    {"__schema": {"queryType": {"name": "Query"}, "mutationType": null, "subscriptionType": null,
      "directives": [{"name": "\(directive)", "args": [], "locations": ["FIELD"]}],
      "types": [
        {"kind": "OBJECT", "name": "\(query)", "interfaces": [], "fields": [
          {"name": "\(field)", "args": [{"name": "\(argument)", "type": {"kind": "ENUM", "name": "Kind"}}],
           "type": {"kind": "OBJECT", "name": "Pet"}}]},
        {"kind": "OBJECT", "name": "Pet", "interfaces": [], "fields": [
          {"name": "name", "args": [], "type": {"kind": "SCALAR", "name": "String"}}]},
        {"kind": "ENUM", "name": "Kind", "enumValues": [{"name": "\(enumValue)"}, {"name": "DOG"}]},
        {"kind": "INPUT_OBJECT", "name": "Filter", "inputFields": [
          {"name": "\(inputField)", "type": {"kind": "SCALAR", "name": "String"}}]},
        {"kind": "SCALAR", "name": "String"}\(extraType)]}}
    """
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    /// graphql-core's message (`build_client_schema`, `validate_schema`), after the JSON path.
    var message: String
    var testDescription: String { message }
  }

  static let cases: [Case] = [
    Case(json: introspection(query: #"Query{}\nstruct X"#),
      message: #"at __schema: types[0].name: Names must only contain [_a-zA-Z0-9] but 'Query{}\nstruct X' does not."#),
    Case(json: introspection(field: "pet: Int } }; let x = 1 //"),
      message: "at __schema.types[0].fields[0]: name: Names must only contain [_a-zA-Z0-9] but 'pet: Int } }; let x = 1 //' does not."),
    Case(json: introspection(argument: "9kind"),
      message: "at __schema.types[0].fields[0].args[0]: name: Names must start with [_a-zA-Z] but '9kind' does not."),
    Case(json: introspection(enumValue: #"CAT\"; evil(); \""#),
      message: #"at __schema.types[2]: enumValues[0].name: Names must only contain [_a-zA-Z0-9] but 'CAT"; evil(); "' does not."#),
    Case(json: introspection(enumValue: "true"),
      message: "at __schema.types[2]: enumValues[0].name: Enum values cannot be named: true."),
    Case(json: introspection(enumValue: "null"),
      message: "at __schema.types[2]: enumValues[0].name: Enum values cannot be named: null."),
    Case(json: introspection(inputField: ""),
      message: "at __schema.types[3].inputFields[0]: name: Expected name to be a non-empty string."),
    Case(json: introspection(directive: "mark on FIELD\\ndirective @x"),
      message: #"at __schema.directives[0]: name: Names must only contain [_a-zA-Z0-9] but 'mark on FIELD\ndirective @x' does not."#),
    Case(json: introspection(extraType: #", {"kind": "SCALAR", "name": "String"}"#),
      message: "at __schema: types[5]: Schema must contain uniquely named types but contains multiple types named 'String'."),
  ]

  @Test(arguments: cases)
  func namesThatAreNotGraphQLNamesAreRejected(_ testCase: Case) {
    do {
      _ = try IntrospectionSchemaBuilder.build(json: Array(testCase.json.utf8))
      Issue.record("accepted: \(testCase.json)")
    } catch {
      #expect(error.message == "Invalid introspection result " + testCase.message)
    }
  }

  @Test func theSameSchemaIsValidWithGraphQLNames() throws {
    let schema = try IntrospectionSchemaBuilder.build(json: Array(Self.introspection().utf8))
    #expect(schema.type(named: "Kind")?.enumValues.map(\.name) == ["CAT", "DOG"])
  }

  @Test func aFieldDefinedTwiceIsRejected() {
    let field = #"{"name": "name", "args": [], "type": {"kind": "SCALAR", "name": "String"}}"#
    let json = Self.introspection().replacingOccurrences(of: field, with: field + ", " + field)
    #expect(throws: SchemaError("Invalid introspection result at __schema.types[1].fields[1]: Field 'Pet.name' can only be defined once.")) {
      _ = try IntrospectionSchemaBuilder.build(json: Array(json.utf8))
    }
  }

  /// graphql-core's `validate_schema` on a `build_client_schema` result: the checks a schema
  /// from SDL gets, with or without extension files beside the JSON.
  @Test func aReservedNameInAnIntrospectionResultAloneIsAnError() {
    let json = Self.introspection(field: "__pet")
    do {
      _ = try SchemaFiles.build([("schema.json", json)])
      Issue.record("accepted a field named __pet")
    } catch {
      #expect(error.description == "schema.json:1:1: error: Name '__pet' must not begin with '__', which is reserved by GraphQL introspection.")
    }
  }

  @Test func anEnumValueNamedTrueInSDLIsAnError() {
    #expect(throws: SchemaErrors.self) {
      _ = try SchemaFiles.build([("schema.graphql", "type Query { k: K }\nenum K { true }")])
    }
  }

  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Pets")

  /// Descriptions become `///` comments: a carriage return, a Unicode line separator or a
  /// bidirectional override must not end the comment or hide what follows.
  @Test func descriptionsStayInsideTheirComments() throws {
    let sdl = """
      type Query { pets(filter: Filter): [String] }
      "Kinds.\\rpublic let injectedAfterReturn = 1\\u2028public let injectedAfterSeparator = 2 */ \\u202Eevil"
      enum Kind { CAT }
      input Filter {
        "A word.\\r\\npublic let injectedInField = 3"
        word: String
        kind: Kind
      }
      """
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", sdl)],
      documentFiles: [("Pets.graphql", "query Pets($filter: Filter) { pets(filter: $filter) }")], config: Self.config)
    let text = files.map(\.contents).joined()
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.contains("injected") {
      #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("/// "), "\(line)")
    }
    #expect(!text.unicodeScalars.contains { ["\r", "\u{2028}", "\u{202E}"].contains($0) })
    #expect(text.contains(#"/// \u{202e}evil"#) || text.contains(#"*/ \u{202e}evil"#))
  }

  /// String values of a document and its default values become Swift string literals: quotes,
  /// backslashes, text that reads like an escape and invisible characters stay inside them.
  @Test func documentStringsStayInsideTheirLiterals() throws {
    let sdl = "type Query { greet(text: String): String }"
    let document = #"query Greet($text: String = "\" + evil() + \"") { greet(text: $text) literal: greet(text: "a\\b \\u{41} \u202E c\"") }"#
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", sdl)], documentFiles: [("Greet.graphql", document)], config: Self.config)
    let operation = try #require(files.first { $0.path == "Pets.GreetQuery.swift" }).contents
    #expect(!operation.unicodeScalars.contains("\u{202E}"))
    #expect(operation.contains(#"BatonNormalizer.Argument("text", .literal(.string("a\\b \\u{41} \u{202e} c\"")))"#))
    #expect(operation.contains(#"variables["text"] = .string("\" + evil() + \"")"#))
  }
}
