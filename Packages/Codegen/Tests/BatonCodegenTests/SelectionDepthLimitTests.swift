import BatonCodegen
import GraphQLSyntax
import Testing
import TestPrerequisites

/// Validation on a thread of 512 KB (the size of Swift concurrency's threads) of chains of
/// fragments that the rules which follow spreads (the subscription, defer and stream,
/// introspection depth and overlapping fields rules) would otherwise follow once per link
/// on the stack: past the depth limit one error names the spread that goes past it, and a
/// chain just within the limit is valid.
struct SelectionDepthLimitTests {
  static let sdl = "type Query { a: Int }\ntype Subscription { s: Int }\ntype Mutation { m: Int }"

  /// `<operation> { <open>...F0<close> }` and `count` links `fragment F<n> on <type> { ...F<n+1> }`,
  /// the last selecting `leaf`; line n + 2 holds fragment n.
  static func chain(_ operation: String, on type: String, count: Int, leaf: String, open: String = "", close: String = "") -> String {
    var document = "\(operation) { \(open)...F0\(close) }\n"
    for index in 0..<count { document += "fragment F\(index) on \(type) { ...F\(index + 1) }\n" }
    document += "fragment F\(count) on \(type) { \(leaf) }\n"
    return document
  }

  static func validate(_ document: String) async throws -> [ValidationError] {
    let schema = try SDLSchemaBuilder.build(sdl: sdl)
    return try await onSmallStack {
      Validator.validate(source: Source(document, name: "Chain.graphql"), schema: schema)
    }
  }

  static let tooDeep = "Selections nest more than 100 levels deep through fragment spreads"

  @Test(arguments: [
    ("subscription S", "Subscription", "s", "", ""),
    ("mutation M", "Mutation", "m", "", ""),
    ("query Q", "Query", "a", "a ", ""),
    ("query Q", "__Schema", "description", "__schema { ", " }"),
  ])
  func tenThousandLinksGiveOneErrorAtTheSpreadPastTheLimit(
    _ operation: String, _ type: String, _ leaf: String, _ open: String, _ close: String
  ) async throws {
    let errors = try await Self.validate(Self.chain(operation, on: type, count: 10_000, leaf: leaf, open: open, close: close))
    #expect(errors.count == 1)
    #expect(errors.first?.message.hasPrefix(Self.tooDeep) == true, "\(errors)")
    let nesting = type == "__Schema" ? 1 : 0
    // Fragment n's selections are at level n + 2 (one more inside __schema), so the spread
    // of the first fragment past level 100 is in the fragment before it.
    let spreadOf = 99 - nesting
    let line = spreadOf + 1
    let column = "fragment F\(spreadOf - 1) on \(type) { ".count + 1
    #expect(errors.first?.message.contains("'F\(spreadOf)'") == true)
    #expect(errors.first?.locations == [DiagnosticLocation(file: "Chain.graphql", line: line, column: column)])
  }

  @Test(arguments: [
    ("subscription S", "Subscription", "s", "", ""),
    ("mutation M", "Mutation", "m", "", ""),
    ("query Q", "Query", "a", "a ", ""),
    ("query Q", "__Schema", "description", "__schema { ", " }"),
  ])
  func aChainJustWithinTheLimitIsValid(
    _ operation: String, _ type: String, _ leaf: String, _ open: String, _ close: String
  ) async throws {
    let count = 98 - (type == "__Schema" ? 1 : 0)
    #expect(try await Self.validate(Self.chain(operation, on: type, count: count, leaf: leaf, open: open, close: close)) == [])
    let errors = try await Self.validate(Self.chain(operation, on: type, count: count + 1, leaf: leaf, open: open, close: close))
    #expect(errors.map(\.message).allSatisfy { $0.hasPrefix(Self.tooDeep) } && errors.count == 1, "\(errors)")
  }

  /// The limit is on nesting through spreads: fields nest as deep as the parser allows.
  @Test func aHundredAndFiftyLevelsOfFieldsWithoutASpreadAreValid() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { q: Query a: Int }")
    let document = "{ " + String(repeating: "q { ", count: 150) + "a" + String(repeating: " }", count: 150) + " }"
    #expect(Validator.validate(source: Source(document), schema: schema) == [])
  }
}
