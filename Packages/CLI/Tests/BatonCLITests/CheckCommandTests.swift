import Foundation
import Testing

@testable import BatonCLI

@Suite("baton check")
struct CheckCommandTests {
  let schema = "type Query { me: User }\ntype User { id: ID! name: String }"

  @Test func validDocumentsExitZero() throws {
    let files = try TemporaryFiles()
    let schemaPath = try files.write("schema.graphql", schema)
    let document = try files.write("ok.graphql", "query Me { me { id name } }")
    let (code, output) = runBaton(["check", "--schema", schemaPath, document])
    #expect(code == .success)
    #expect(output.standardError.isEmpty)
  }

  @Test func errorsArePrintedWithFileLineAndColumn() throws {
    let files = try TemporaryFiles()
    let schemaPath = try files.write("schema.graphql", schema)
    let document = try files.write("bad.graphql", "query Me {\n  me { nam }\n}")
    let (code, output) = runBaton(["check", "--schema", schemaPath, document])
    #expect(code == .inputError)
    #expect(output.standardError == "\(document):2:8: error: Cannot query field 'nam' on type 'User'. Did you mean 'name'?\n")
  }

  @Test func schemaFilesAndExtensionsCombine() throws {
    let files = try TemporaryFiles()
    let base = try files.write("schema.graphql", schema)
    let extensions = try files.write("extensions.graphql", "extend type User { nickname: String @semanticNonNull }")
    let document = try files.write("doc.graphql", "{ me { nickname @catch } }")
    let (code, output) = runBaton(["check", "--schema", base, "--schema", extensions, document])
    #expect(code == .success, "\(output.standardError)")
  }

  @Test func schemaErrorsNameBothDefinitions() throws {
    let files = try TemporaryFiles()
    let first = try files.write("a.graphql", "type Query { a: Int }")
    let second = try files.write("b.graphql", "type Query { b: Int }")
    let document = try files.write("doc.graphql", "{ a }")
    let (code, output) = runBaton(["check", "--schema", first, "--schema", second, document])
    #expect(code == .inputError)
    #expect(output.standardError == """
      \(second):1:6: error: There can be only one type named 'Query'.
      \(first):1:6: note: first defined here

      """)
  }

  /// The same schema as `baton generate` builds: an introspection result with the
  /// client's SDL extensions beside it.
  @Test func anIntrospectionResultTakesExtensions() throws {
    let files = try TemporaryFiles()
    let json = try files.write("schema.json", SchemaCommandTests.introspection)
    let extensions = try files.write("extensions.graphql", "extend type Query @semanticNonNullField(name: \"greeting\")")
    let document = try files.write("doc.graphql", "{ greeting(loud: true) }")
    let (code, output) = runBaton(["check", "--schema", json, "--schema", extensions, document])
    #expect(code == .success, "\(output.standardError)")

    let unknown = try files.write("unknown.graphql", "extend type Nope @semanticNonNullField(name: \"x\")")
    let (failed, failure) = runBaton(["check", "--schema", json, "--schema", unknown, document])
    #expect(failed == .inputError)
    #expect(failure.standardError.hasPrefix("\(unknown):1:"))
  }

  @Test func missingSchemaIsAUsageError() throws {
    let files = try TemporaryFiles()
    let document = try files.write("doc.graphql", "{ a }")
    #expect(runBaton(["check", document]).0 == .usageError)
  }
}

@Suite("baton schema")
struct SchemaCommandTests {
  static let introspection = """
      {"data": {"__schema": {"queryType": {"name": "Query"}, "mutationType": null,
        "subscriptionType": null, "directives": [],
        "types": [
          {"kind": "OBJECT", "name": "Query", "description": "The root.", "interfaces": [],
           "fields": [{"name": "greeting", "description": null, "args": [
             {"name": "loud", "description": null, "defaultValue": "false",
              "type": {"kind": "SCALAR", "name": "Boolean", "ofType": null}}],
             "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "String", "ofType": null}},
             "isDeprecated": false, "deprecationReason": null}]},
          {"kind": "SCALAR", "name": "String"}, {"kind": "SCALAR", "name": "Boolean"}]}}}
      """

  @Test func printsSDLOfAnIntrospectionResult() throws {
    let files = try TemporaryFiles()
    let path = try files.write("schema.json", Self.introspection)
    let (code, output) = runBaton(["schema", path])
    #expect(code == .success, "\(output.standardError)")
    #expect(output.standardOutput == "\"\"\"The root.\"\"\"\ntype Query {\n  greeting(loud: Boolean = false): String!\n}\n")
  }

  @Test func malformedIntrospectionIsAnInputError() throws {
    let files = try TemporaryFiles()
    let path = try files.write("schema.json", "{\"data\": {\"__schema\": {\"types\": [{\"kind\": \"OBJECT\"}]}}}")
    let (code, output) = runBaton(["schema", path])
    #expect(code == .inputError)
    #expect(output.standardError.contains("types[0]"))
  }
}
