import BatonCodegen
import Foundation
import GraphQLSyntax
import TestPrerequisites
import Testing

/// Baton's validation against graphql-core's on the oracle's documents: the same
/// verdict, the same set of error locations and the same messages.
@Suite(.requires(.oracle), .requires(.graphQLCoreFixtures)) struct ValidationDifferentialTests {
  struct Case {
    var name: String
    var schema: String
    var document: String
    var locations: Set<[Int]>
    var messages: [String]
  }

  static func loadCases() -> [Case]? {
    guard let bytes = RepositoryFiles.bytes(".cache/oracle/validation/cases.json"),
      let list = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]]
    else { return nil }
    return list.compactMap { entry in
      guard let name = entry["name"] as? String, let schema = entry["schema"] as? String,
        let document = entry["document"] as? String, let errors = entry["errors"] as? [[String: Any]]
      else { return nil }
      var locations: Set<[Int]> = []
      for error in errors {
        for location in error["locations"] as? [[Int]] ?? [] { locations.insert(location) }
      }
      return Case(
        name: name, schema: schema, document: document, locations: locations,
        messages: errors.compactMap { $0["message"] as? String })
    }
  }

  static let schemaFiles = [
    "all_kinds": "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/all_kinds.graphql",
    "starwars": "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/starwars.graphql",
    "github": ".cache/graphql_core-3.3.2/tests/fixtures/github_schema.graphql",
  ]

  @Test func agreesWithGraphQLCore() throws {
    guard let cases = Self.loadCases() else { return }
    var schemas: [String: Schema] = [:]
    for (name, path) in Self.schemaFiles {
      guard let text = RepositoryFiles.text(path) else { return }
      schemas[name] = try SDLSchemaBuilder.build(sdl: text, name: path)
    }
    let invalid = cases.filter { !$0.locations.isEmpty || !$0.messages.isEmpty }
    #expect(invalid.count >= 400)
    #expect(cases.count - invalid.count >= 200)
    var failures = 0
    for testCase in cases {
      guard let schema = schemas[testCase.schema] else {
        Issue.record("unknown schema \(testCase.schema)")
        continue
      }
      let errors = Validator.validate(source: Source(testCase.document), schema: schema)
      let locations = Set(errors.flatMap { $0.locations.map { [$0.line, $0.column] } })
      let agrees =
        errors.isEmpty == testCase.messages.isEmpty && locations == testCase.locations
        && errors.map(\.message).sorted() == testCase.messages.sorted()
      if !agrees {
        failures += 1
        if failures <= 15 {
          Issue.record("""
            \(testCase.name): \(testCase.document)
              graphql-core: \(testCase.messages) at \(testCase.locations.sorted { $0.lexicographicallyPrecedes($1) })
              baton:        \(errors.map(\.message)) at \(locations.sorted { $0.lexicographicallyPrecedes($1) })
            """)
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(cases.count) documents disagree")
  }
}
