import BatonCLI
import BatonCodegen
import Foundation
import Testing

/// `baton generate` with `persistedOperations`: the manifest is written where baton.json
/// says, beside the Swift files, also in the build plugin's combined mode.
struct GenerateManifestTests {
  static let config = #"""
    { "schema": "schema.graphql", "documents": "Documents/**/*.graphql", "output": "Generated", "namespace": "API",
      "persistedOperations": { "path": "Manifests/persisted.json", "format": "relay" } }
    """#

  @Test(arguments: [false, true])
  func theManifestIsWrittenAtItsPath(combined: Bool) throws {
    let project = try GenerateCommandTests.Project(
      documents: ["Hero.graphql": "query Hero($id: ID!) { hero(id: $id) { name } }"], config: Self.config)
    var output = CommandOutput()
    var arguments = ParsedArguments()
    arguments.options["config"] = [project.folder + "/baton.json"]
    if combined { arguments.options["combined"] = [project.folder + "/Combined.swift"] }
    #expect(GenerateCommand.run(arguments, output: &output) == .success, "\(output.standardError)")
    let data = try #require(FileManager.default.contents(atPath: project.folder + "/Manifests/persisted.json"))
    let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    #expect(manifest.count == 1)
    #expect(manifest.values.first?.hasPrefix("query Hero") == true)
    let swift = combined
      ? FileManager.default.contents(atPath: project.folder + "/Combined.swift")
      : FileManager.default.contents(atPath: project.folder + "/Generated/API.HeroQuery.swift")
    let text = String(decoding: try #require(swift), as: UTF8.self)
    #expect(text.contains(try #require(manifest.keys.first)), "the manifest's id is the generated operationID")
  }
}
