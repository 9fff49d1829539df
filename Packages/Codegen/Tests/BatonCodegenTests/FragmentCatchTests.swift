import BatonCodegen
import Testing

/// `@catch` on a fragment definition, as Relay has it: reading the spread gives a
/// `Result<Fragment, FieldErrors>` (`to: NULL`: `nil` on an error), the fragment's field
/// errors are caught rather than reported, and its semantic non-null fields are
/// non-optional under the policy.
struct FragmentCatchTests {
  static let schema = """
    type Query { ship(id: ID!): Ship }
    type Ship { id: ID! name: String! class: String @semanticNonNull }
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet")

  static func files(_ document: String) throws -> [GeneratedFile] {
    try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Fleet.graphql", document)], config: config)
  }

  static func file(_ files: [GeneratedFile], _ suffix: String) throws -> String {
    try #require(files.first { $0.path.hasSuffix(suffix) }).contents
  }

  @Test func catchToResultMakesTheSpreadAResult() throws {
    let files = try Self.files("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship @catch { name class }")
    let operation = try Self.file(files, "QQuery.swift")
    #expect(operation.contains("public var hull: Swift.Result<Fleet.Hull, Fleet.FieldErrors> {"))
    let fragment = try Self.file(files, "Fleet.Hull.swift")
    #expect(fragment.contains("throwOnFieldError: false, catchTo: .result)"))
    #expect(fragment.contains("public var `class`: Swift.String {"))
  }

  @Test func catchToNullMakesTheSpreadOptional() throws {
    let files = try Self.files("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship @catch(to: NULL) { name class }")
    #expect(try Self.file(files, "QQuery.swift").contains("public var hull: Fleet.Hull? {"))
    #expect(try Self.file(files, "Fleet.Hull.swift").contains("catchTo: .null)"))
  }

  /// A `@required(action: THROW)` null inside is caught too: its accessor does not throw.
  @Test func aRequiredThrowFieldInsideIsCaught() throws {
    let files = try Self.files(
      "query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship @catch { class @required(action: THROW) }")
    #expect(try Self.file(files, "Fleet.Hull.swift").contains("public var `class`: Swift.String { __read.string(1) }"))
  }

  @Test func catchAndThrowOnFieldErrorOnOneFragmentIsAnError() throws {
    #expect(ValidationHarness.errors("{ me { ...F } } fragment F on User @throwOnFieldError @catch { name }") == [
      "1:55 @catch and @throwOnFieldError directives cannot be on the same fragment."
    ])
  }
}
