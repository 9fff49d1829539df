import BatonCodegen
import Testing

/// Malformed introspection results are errors that say where, never crashes.
@Suite struct IntrospectionSchemaBuilderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    var message: String
    var testDescription: String { message }
  }

  static let scalar = #"{"kind": "SCALAR", "name": "String"}"#

  static let cases: [Case] = [
    Case(json: "not json", message: "The introspection result is not valid JSON"),
    Case(json: "[1, 2]", message: "Invalid or incomplete introspection result"),
    Case(json: #"{"data": {"__schema": {}}}"#, message: "Invalid or incomplete introspection result"),
    Case(json: #"{"__schema": {"types": [{"kind": "OBJECT"}]}}"#, message: "types[0] needs a \"name\" and a \"kind\""),
    Case(json: #"{"__schema": {"types": [{"kind": "WIDGET", "name": "W"}]}}"#, message: "types[0] needs a \"name\" and a \"kind\""),
    Case(
      json: #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q", "interfaces": [], "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Nope"}}]}]}}"#,
      message: "unknown type: Nope"),
    Case(
      json: #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q", "interfaces": [], "fields": [{"name": "a", "args": [], "type": {"kind": "LIST"}}]}]}}"#,
      message: "Decorated type deeper than introspection query."),
    Case(
      json: #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q", "fields": []}]}}"#,
      message: "missing interfaces"),
    Case(
      json: #"{"__schema": {"queryType": {"name": "S"}, "types": [\#(scalar), {"kind": "SCALAR", "name": "S"}]}}"#,
      message: "queryType \"S\" is not an object type"),
    Case(
      json: #"{"__schema": {"types": [\#(scalar), {"kind": "INPUT_OBJECT", "name": "I", "inputFields": [{"name": "a", "type": {"kind": "SCALAR", "name": "String"}, "defaultValue": "{a:"}]}]}}"#,
      message: "defaultValue {a: is not a GraphQL literal"),
    Case(
      json: #"{"__schema": {"types": [\#(scalar), {"kind": "UNION", "name": "U", "possibleTypes": [{"name": "String"}]}]}}"#,
      message: "possibleTypes[0] \"String\" is not a type of the expected kind"),
    Case(
      json: #"{"__schema": {"types": [], "directives": [{"name": "d", "args": [], "locations": ["NOWHERE"]}]}}"#,
      message: "locations[0] is not a directive location"),
  ]

  @Test(arguments: cases)
  func rejectsMalformedResults(_ testCase: Case) {
    do {
      _ = try IntrospectionSchemaBuilder.build(json: Array(testCase.json.utf8))
      Issue.record("accepted: \(testCase.json)")
    } catch {
      #expect(error.message.contains(testCase.message), "\(error.message)")
    }
  }

  @Test func acceptsAllThreeShapes() throws {
    let schema = #"{"queryType": {"name": "Query"}, "types": [\#(Self.scalar), {"kind": "OBJECT", "name": "Query", "interfaces": [], "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "String"}}]}]}"#
    for json in [#"{"data": {"__schema": \#(schema)}}"#, #"{"__schema": \#(schema)}"#, schema] {
      let built = try IntrospectionSchemaBuilder.build(json: Array(json.utf8))
      #expect(SchemaPrinter.print(built) == "type Query {\n  a: String\n}")
    }
  }
}
