import Foundation
import Testing

@testable import BatonCLI

/// `baton check` on a project: its documents validated together as `baton generate`
/// validates them, each error with every place involved, baton.json's errors with their
/// line and column.
@Suite("baton check on a project")
struct CheckProjectTests {
  static let schema = "type Query { me: User }\ntype User { id: ID! name: String }"
  static let config = #"{ "schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", "namespace": "API" }"#

  @Test func aFragmentDefinedInAnotherFileIsNoError() throws {
    let files = try TemporaryFiles()
    let schema = try files.write("schema.graphql", Self.schema)
    let query = try files.write("Me.graphql", "query Me { me { ...UserName } }")
    let fragment = try files.write("UserName.graphql", "fragment UserName on User { name }")
    let (code, output) = runBaton(["check", "--schema", schema, query, fragment])
    #expect(code == .success, "\(output.standardError)")
    #expect(output.standardError.isEmpty)
  }

  @Test func aConfigIsCheckedWithTheFilesItNames() throws {
    let files = try TemporaryFiles()
    _ = try files.write("schema.graphql", Self.schema)
    _ = try files.write("Me.graphql", "query Me { me { ...UserName } }")
    _ = try files.write("UserName.graphql", "fragment UserName on User {\n  nam\n}")
    let config = try files.write("baton.json", Self.config)
    let (code, output) = runBaton(["check", "--config", config])
    #expect(code == .inputError)
    #expect(output.standardError == """
      \(files.directory.path)/UserName.graphql:2:3: error: Cannot query field 'nam' on type 'User'. Did you mean 'name'?

      """)
    _ = try files.write("UserName.graphql", "fragment UserName on User { name }")
    let (fixed, quiet) = runBaton(["check", "--config", config])
    #expect(fixed == .success, "\(quiet.standardError)")
  }

  @Test func aDuplicatePointsAtTheRedefinitionWithANoteAtTheFirst() throws {
    let files = try TemporaryFiles()
    let schema = try files.write("schema.graphql", Self.schema)
    let first = try files.write("A.graphql", "query Me { me { ...UserName } }\nfragment UserName on User { name }")
    let second = try files.write("B.graphql", "\nfragment UserName on User { id }")
    let (code, output) = runBaton(["check", "--schema", schema, first, second])
    #expect(code == .inputError)
    #expect(output.standardError == """
      \(second):2:10: error: There can be only one fragment named 'UserName'.
      \(first):2:10: note: first defined here

      """)
  }

  @Test func everyPlaceOfAnErrorIsPrinted() throws {
    let files = try TemporaryFiles()
    let schema = try files.write("schema.graphql", Self.schema)
    let document = try files.write("Me.graphql", "query Me {\n  me {\n    label: name\n    label: id\n  }\n}")
    let (code, output) = runBaton(["check", "--schema", schema, document])
    #expect(code == .inputError)
    #expect(output.standardError == """
      \(document):3:5: error: Fields 'label' conflict because 'name' and 'id' are different fields. \
      Use different aliases on the fields to fetch both if this was intentional.
      \(document):4:5: note: also involved here

      """)
  }

  @Test func aDocumentsPatternThatMatchesNothingSaysSo() throws {
    let files = try TemporaryFiles()
    _ = try files.write("schema.graphql", Self.schema)
    _ = try files.write("Me.graphql", "query Me { me { id } }")
    let config = try files.write("baton.json", """
      { "schema": "schema.graphql",
        "documents": ["*.graphql", "Sources/**/*.graphql"],
        "output": "Generated", "namespace": "API" }
      """)
    let (code, output) = runBaton(["check", "--config", config])
    #expect(code == .inputError)
    #expect(output.standardError == """
      \(config):2:30: error: The documents pattern "\(files.directory.path)/Sources/**/*.graphql" matches no document.

      """)
  }

  @Test func invalidJSONNamesItsLineAndColumn() throws {
    let files = try TemporaryFiles()
    let config = try files.write("baton.json", """
      {
        "schema": "schema.graphql",
        "documents": ["*.graphql",],
        "output": "Generated", "namespace": "API"
      }
      """)
    let (code, output) = runBaton(["check", "--config", config])
    #expect(code == .inputError)
    #expect(output.standardError == "\(config):3:29: error: The file is not valid JSON. Expected a JSON value.\n")
  }

  @Test func aBadValueNamesItsKeyLineAndColumn() throws {
    let files = try TemporaryFiles()
    let config = try files.write("baton.json", """
      { "schema": "schema.graphql", "documents": "*.graphql", "output": "Generated",
        "namespace": "API", "onError": "LOUD" }
      """)
    let (code, output) = runBaton(["check", "--config", config])
    #expect(code == .inputError)
    #expect(output.standardError == "\(config):2:34: error: \"onError\": expected one of NULL, PROPAGATE, HALT.\n")
  }

  @Test func usageMistakesAreWholeSentences() throws {
    let files = try TemporaryFiles()
    let document = try files.write("Me.graphql", "query Me { me { id } }")
    let (code, output) = runBaton(["check", document])
    #expect(code == .usageError)
    #expect(output.standardError.hasPrefix(
      "baton check: Give --config <baton.json>, or --schema <file> with the documents to check.\n"))
    let (both, mixed) = runBaton(["check", "--config", "baton.json", "--schema", "schema.graphql"])
    #expect(both == .usageError)
    #expect(mixed.standardError.hasPrefix("baton check: Give --config alone, or --schema with documents, not both.\n"))
  }
}
