import BatonCodegen
import Foundation
import TestPrerequisites
import Testing

/// Generates each golden target (a baton.json under `Golden/<name>/`, and the operations
/// the end-to-end tests and `baton-heal-check` share) and compares the files with the
/// checked-in output, which is also the source of the `GeneratedCodeTests` and
/// `EndToEndOperations` targets, so generated code that compiles and reads responses cannot
/// drift from the generator. `BATON_UPDATE_GOLDEN=1 swift test --filter GoldenTests`
/// rewrites them.
struct GoldenTests {
  static let targets = [
    "Packages/Codegen/Tests/BatonCodegenTests/Golden/RickAndMorty",
    "Packages/Codegen/Tests/BatonCodegenTests/Golden/SWAPI",
    "Packages/Codegen/Tests/BatonCodegenTests/Golden/Library",
    "Packages/Codegen/Tests/BatonCodegenTests/Golden/Scalars",
    "Packages/Codegen/Tests/BatonCodegenTests/Golden/Scalars/Internal",
    "Tests/Support/EndToEndOperations",
  ]

  @Test(arguments: targets)
  func generatedFilesEqualTheCheckedInOnes(_ folder: String) throws {
    try Self.compare(folder)
  }

  /// Apart from the others: its schema is graphql-core's GitHub introspection fixture.
  @Test(.requires(.graphQLCoreFixtures))
  func gitHubsGeneratedFilesEqualTheCheckedInOnes() throws {
    try Self.compare("Packages/Codegen/Tests/BatonCodegenTests/Golden/GitHub")
  }

  private static func compare(_ folder: String) throws {
    let configPath = RepositoryFiles.url(folder + "/baton.json").path
    let config = try BatonConfig.load(path: configPath)
    let generation = try Generator.generation(config: config)
    let files = generation.files
    if ProcessInfo.processInfo.environment["BATON_UPDATE_GOLDEN"] == "1" {
      _ = try OutputFolder(path: config.output).write(files)
      if let manifest = generation.manifest { try Data(manifest.contents.utf8).write(to: URL(fileURLWithPath: manifest.path)) }
    }
    if let manifest = generation.manifest {
      let old = FileManager.default.contents(atPath: manifest.path).map { String(decoding: $0, as: UTF8.self) }
      #expect(manifest.contents == old, "\(manifest.path) differs from the checked-in manifest; BATON_UPDATE_GOLDEN=1 rewrites it")
    }
    let expected = Self.checkedIn(config.output)
    #expect(files.map(\.path) == expected.map(\.path), "the set of generated files changed; BATON_UPDATE_GOLDEN=1 rewrites them")
    for file in files {
      let old = expected.first { $0.path == file.path }?.contents
      #expect(file.contents == old, "\(file.path) differs from the checked-in file; BATON_UPDATE_GOLDEN=1 rewrites it")
    }
  }

  @Test func generationIsDeterministic() throws {
    let configPath = RepositoryFiles.url("Packages/Codegen/Tests/BatonCodegenTests/Golden/RickAndMorty/baton.json").path
    let config = try BatonConfig.load(path: configPath)
    #expect(try Generator.generate(config: config) == Generator.generate(config: config))
  }

  private static func checkedIn(_ folder: String) -> [GeneratedFile] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    return names.compactMap { name in
      FileManager.default.contents(atPath: folder + "/" + name).map { GeneratedFile(path: name, contents: String(decoding: $0, as: UTF8.self)) }
    }
  }
}
