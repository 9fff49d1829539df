import BatonCodegen
import TestPrerequisites
import Testing

/// `print(build(introspection))` against graphql-core's
/// `print_schema(build_client_schema(…))` on the oracle's cases.
@Suite(.requires(.oracle), .requires(.graphQLCoreFixtures)) struct SchemaPrinterDifferentialTests {
  @Test(arguments: ["github", "all_kinds", "starwars"])
  func printsWhatGraphQLCorePrints(name: String) throws {
    guard let json = RepositoryFiles.bytes(".cache/oracle/schema/\(name).json"),
      let expected = RepositoryFiles.text(".cache/oracle/schema/\(name).graphql")
    else { return }
    let schema = try IntrospectionSchemaBuilder.build(json: json)
    compare(SchemaPrinter.print(schema), expected)
  }

  static let sdlFiles = [
    "all_kinds": "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/all_kinds.graphql",
    "starwars": "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/starwars.graphql",
    "extensions": "Packages/Codegen/Tests/BatonCodegenTests/Fixtures/extensions.graphql",
    "github": ".cache/graphql_core-3.3.2/tests/fixtures/github_schema.graphql",
  ]

  /// SDL → schema → SDL against graphql-core's `print_schema(build_schema(…))`.
  @Test(arguments: ["github", "all_kinds", "starwars", "extensions"])
  func printsBuiltSDLAsGraphQLCoreDoes(name: String) throws {
    guard let path = Self.sdlFiles[name], let sdl = RepositoryFiles.text(path),
      let expected = RepositoryFiles.text(".cache/oracle/schema/\(name).sdl.graphql")
    else { return }
    compare(SchemaPrinter.print(try SDLSchemaBuilder.build(sdl: sdl, name: path)), expected)
  }

  private func compare(_ printed: String, _ expected: String) {
    if printed != expected {
      let got = printed.split(separator: "\n", omittingEmptySubsequences: false)
      let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
      Issue.record("""
        first difference at line \(line + 1):
          baton:        \(line < got.count ? String(got[line]) : "<end>")
          graphql-core: \(line < want.count ? String(want[line]) : "<end>")
        """)
    }
  }
}
