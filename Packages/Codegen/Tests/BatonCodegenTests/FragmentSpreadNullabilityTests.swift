import BatonCodegen
import Testing

/// Whether a spread is optional: a spread is no field of the response, so under
/// `onError: NULL` a field error on one of the fragment's non-null fields nulls the
/// parent's nearest nullable ancestor instead and the spread keeps the schema's type; only
/// a `@required` null at the fragment's root makes it optional.
struct FragmentSpreadNullabilityTests {
  static let schema = "type Query { ship(id: ID!): Ship } type Ship { id: ID! name: String! class: String }"

  static func operation(_ document: String, onError: OnErrorSetting?) throws -> String {
    let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Fleet", onError: onError)
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Fleet.graphql", document)], config: config)
    return try #require(files.first { $0.path.hasSuffix("QQuery.swift") }).contents
  }

  @Test func underOnErrorNullANonNullFieldLeavesTheSpreadNonOptional() throws {
    let operation = try Self.operation("query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship { name }", onError: .null)
    #expect(operation.contains("public var hull: Fleet.Hull {"))
  }

  @Test func aRequiredFieldAtTheRootMakesTheSpreadOptional() throws {
    let operation = try Self.operation(
      "query Q { ship(id: 1) { ...Hull } } fragment Hull on Ship { class @required(action: NONE) }", onError: .null)
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
