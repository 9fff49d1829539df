import Foundation
import Testing

@testable import BatonCLI

/// `baton schema` and `baton generate` on an introspection result whose names are written
/// to inject SDL or Swift: exit 1 with the place, print nothing, write nothing.
@Suite("baton schema and generate on hostile names")
struct HostileSchemaCommandTests {
  /// `type Query { <field>: String }`.
  static func introspection(field: String) -> String {
    """
    {"data": {"__schema": {"queryType": {"name": "Query"}, "directives": [], "types": [
      {"kind": "OBJECT", "name": "Query", "interfaces": [], "fields": [
        {"name": "\(field)", "args": [], "type": {"kind": "SCALAR", "name": "String"}}]},
      {"kind": "SCALAR", "name": "String"}]}}}
    """
  }

  static let hostileField = #"word: String }\ntype Injected { x: Int"#
  static let problem = #"Invalid introspection result at __schema.types[0].fields[0]: name: Names must only contain [_a-zA-Z0-9] but 'word: String }\ntype Injected { x: Int' does not."#

  @Test func schemaRejectsANameThatIsNotAGraphQLName() throws {
    let files = try TemporaryFiles()
    let path = try files.write("schema.json", Self.introspection(field: Self.hostileField))
    let (code, output) = runBaton(["schema", path])
    #expect(code == .inputError)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError == "\(path): error: \(Self.problem)\n")
  }

  @Test func generateRejectsItWithThePlaceAndWritesNothing() throws {
    let files = try TemporaryFiles()
    _ = try files.write("schema.json", Self.introspection(field: Self.hostileField))
    _ = try files.write("Word.graphql", "query Word { word }")
    let config = try files.write(
      "baton.json", #"{ "schema": "schema.json", "documents": "*.graphql", "output": "Generated", "namespace": "API" }"#)
    let (code, output) = runBaton(["generate", "--config", config])
    #expect(code == .inputError)
    #expect(output.standardError == "\(files.directory.path)/schema.json:1:1: error: \(Self.problem)\n")
    #expect(!FileManager.default.fileExists(atPath: files.directory.appendingPathComponent("Generated").path))
  }

  @Test func generateAcceptsTheSameSchemaWithAGraphQLName() throws {
    let files = try TemporaryFiles()
    _ = try files.write("schema.json", Self.introspection(field: "word"))
    _ = try files.write("Word.graphql", "query Word { word }")
    let config = try files.write(
      "baton.json", #"{ "schema": "schema.json", "documents": "*.graphql", "output": "Generated", "namespace": "API" }"#)
    let (code, output) = runBaton(["generate", "--config", config])
    #expect(code == .success, "\(output.standardError)")
  }
}
