import BatonCodegen
import Foundation
import TestPrerequisites
import Testing

/// The checked-in generated code of the example (the `RickAndMortyAPI` target, which the
/// documentation's snippets use too) and of the tests' operations is what `baton generate`
/// makes from its baton.json today, and so is a persisted-operations manifest it names, so
/// neither can rot.
/// `BATON_UPDATE_GENERATED=1 swift test --filter GeneratedCodeIsCurrentTests` rewrites it.
struct GeneratedCodeIsCurrentTests {
  @Test(arguments: [
    "Examples/RickAndMorty/baton.json", "Packages/Image/Tests/ImageTestOperations/baton.json",
    "Packages/Image/Tests/ImageTestOperations/DeepItem/baton.json",
    "Packages/Store/Tests/StoreTestOperations/baton.json", "Packages/Store/Tests/StoreTestOperations/ShortLived/baton.json",
    "Packages/Store/Tests/StoreTestOperations/NullOnError/baton.json",
    "Packages/Store/Tests/StoreTestOperations/HaltOnError/baton.json",
    "Packages/Store/Tests/StoreTestOperations/Redirects/baton.json",
    "Tests/Support/EndToEndOperations/baton.json", "Tests/Support/SWAPIOperations/baton.json",
    "Tests/Support/InteropOperations/baton.json",
  ])
  func checkedInFilesEqualAFreshGenerate(_ config: String) throws {
    let config = try BatonConfig.load(path: RepositoryRoot.path(config))
    let generation = try Generator.generation(config: config)
    let files = generation.files
    if ProcessInfo.processInfo.environment["BATON_UPDATE_GENERATED"] == "1" {
      _ = try OutputFolder(path: config.output).write(files)
      if let manifest = generation.manifest { try manifest.contents.write(toFile: manifest.path, atomically: true, encoding: .utf8) }
    }
    if let manifest = generation.manifest {
      let checkedIn = FileManager.default.contents(atPath: manifest.path).map { String(decoding: $0, as: UTF8.self) }
      #expect(manifest.contents == checkedIn, "\(manifest.path) is not the manifest baton generate makes; BATON_UPDATE_GENERATED=1 rewrites it")
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: config.output)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.map(\.path) == names, "the set of generated files changed; BATON_UPDATE_GENERATED=1 rewrites them")
    for file in files {
      let checkedIn = FileManager.default.contents(atPath: config.output + "/" + file.path)
        .map { String(decoding: $0, as: UTF8.self) }
      #expect(file.contents == checkedIn, "\(file.path) is not what baton generate makes; BATON_UPDATE_GENERATED=1 rewrites it")
    }
  }
}
