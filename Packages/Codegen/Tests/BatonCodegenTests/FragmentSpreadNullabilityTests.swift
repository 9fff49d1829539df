import BatonCodegen
import Testing

/// Whether a spread is optional: under `onError: NULL` a field error on a non-null field
/// of the fragment nulls the fragment's view (ARCHITECTURE.md §7), so the spread reads `nil`
/// rather than a placeholder; where the server propagates the null itself, or a policy
/// throws on the error, the spread stays non-optional.
struct FragmentSpreadNullabilityTests {
  static let schema = "type Query { ship(id: ID!): Ship } type Ship { id: ID! name: String! class: String }"

  static func operation(_ document: String, onError: OnErrorSetting?) throws -> String {
    let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet", onError: onError)
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Fleet.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix("QQuery.swift") }).contents
  }

  @Test func underOnErrorNullANonNullFieldMakesTheSpreadOptional() throws {
    let operation = try Self.operation("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship { name }", onError: .null)
    #expect(operation.contains("public var hull: Fleet.Hull? {"))
  }

  @Test func nullableFieldsOnlyLeaveTheSpreadNonOptional() throws {
    let operation = try Self.operation("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship { class }", onError: .null)
    #expect(operation.contains("public var hull: Fleet.Hull {"))
  }

  @Test func whereTheServerPropagatesTheSpreadIsNonOptional() throws {
    let operation = try Self.operation("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship { name }", onError: nil)
    #expect(operation.contains("public var hull: Fleet.Hull {"))
  }

  @Test func underThrowOnFieldErrorTheSpreadThrowsInstead() throws {
    let operation = try Self.operation(
      "query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship @throwOnFieldError { name }", onError: .null)
    #expect(operation.contains("public var hull: Fleet.Hull {"))
    #expect(operation.contains("get throws(BatonNormalizer.ReadFailure) {"))
  }
}
