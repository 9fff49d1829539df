import Foundation
import TestPrerequisites
import Testing

/// Baton's two plugins run by SwiftPM on a package made for the test: a copy of
/// Examples/Modular in a fresh folder, depending on this checkout by path, as an app's
/// package depends on Baton. The build-tool plugin generates each module's types on the
/// build (the schema module's, and the feature modules', one spreading the other's
/// fragment), the app runs and prints what expected-output.txt holds, an untouched build
/// generates nothing, and an edited document regenerates its module and the module that
/// spreads its fragment, and no other. The command plugin writes each module's files.
///
/// A nested `swift build` of Baton takes minutes, so these run only in Tools/test.sh's
/// long tier, which sets `BATON_PLUGIN_TESTS=1` and builds in the development package's
/// scratch path (`BATON_PLUGIN_SCRATCH_PATH`), where Baton's libraries are built already.
@Suite(
  .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["BATON_PLUGIN_TESTS"] == "1",
    "builds a package of its own for minutes; Tools/test.sh long runs it (BATON_PLUGIN_TESTS=1)"))
struct PluginTests {
  static let modules = ["AppSchema", "CharacterFeature", "EpisodeFeature"]

  /// A copy of Examples/Modular in a folder of its own, its dependency on Baton pointed at
  /// this checkout.
  struct App {
    let folder: URL
    let scratch: String

    init() throws {
      let files = FileManager.default
      folder = files.temporaryDirectory.appendingPathComponent("baton-plugin-\(UUID().uuidString)/ModularApp")
      try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.copyItem(at: RepositoryRoot.url.appendingPathComponent("Examples/Modular"), to: folder)
      let manifest = folder.appendingPathComponent("Package.swift")
      let text = try String(contentsOf: manifest, encoding: .utf8)
      #expect(text.contains(#"path: "../..""#))
      try Data(text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(RepositoryRoot.url.path)\"").utf8)
        .write(to: manifest)
      scratch = ProcessInfo.processInfo.environment["BATON_PLUGIN_SCRATCH_PATH"].map { path in
        path.hasPrefix("/") ? path : RepositoryRoot.path(path)
      } ?? RepositoryRoot.path(".build-plugins")
    }

    /// `swift build` as Tools/test.sh builds (warnings are errors); its output.
    func build() async throws -> String {
      try await swift(["build", "--scratch-path", scratch, "-Xswiftc", "-warnings-as-errors"])
    }

    func swift(_ arguments: [String]) async throws -> String {
      let run = try await ToolRun.run(["swift"] + arguments, in: folder)
      #expect(run.status == 0, "swift \(arguments.joined(separator: " ")) failed:\n\(run.output)")
      return run.output
    }

    /// The modules whose `baton generate` the build ran, by SwiftPM's progress lines.
    static func generated(_ output: String) -> Set<String> {
      Set(PluginTests.modules.filter { output.contains("baton generate for \($0)\n") })
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
      let url = folder.appendingPathComponent(path)
      try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
  }

  @Test func theBuildPluginGeneratesEachModuleAndOnlyWhatChanged() async throws {
    let app = try App()
    defer { app.remove() }
    _ = try await app.build()
    // A build settles what the first left (SwiftPM runs a new command once more); from
    // then on an untouched build generates nothing.
    _ = try await app.build()
    #expect(App.generated(try await app.build()).isEmpty)

    let run = try await ToolRun.run([app.scratch + "/debug/modular-example"], in: app.folder)
    #expect(run.status == 0)
    #expect(run.output == RepositoryRoot.text("Examples/Modular/expected-output.txt"))

    // The fragment EpisodeFeature spreads changes: both modules generate again (the
    // episode query's text holds the fragment), the schema module does not.
    try app.edit("Sources/CharacterFeature/CharacterProfile.graphql") { $0.replacingOccurrences(of: "  species\n", with: "  species\n  id\n") }
    #expect(App.generated(try await app.build()) == ["CharacterFeature", "EpisodeFeature"])
    let combined = try String(
      contentsOfFile: app.scratch + "/plugins/outputs/modularapp/EpisodeFeature/destination/BatonBuildPlugin/EpisodeFeature+Baton.swift",
      encoding: .utf8)
    #expect(combined.contains(#"fragment CharacterSummary on Character {\n  __typename\n  name\n  status\n  species\n  id\n}"#))
  }

  @Test func theCommandPluginWritesEachModulesFiles() async throws {
    let app = try App()
    defer { app.remove() }
    let output = try await app.swift([
      "package", "--scratch-path", app.scratch, "-Xswiftc", "-warnings-as-errors", "--allow-writing-to-package-directory",
      "baton-generate",
    ])
    for module in Self.modules {
      #expect(output.contains("baton generate: ") && output.contains("/\(module)/Generated ("), "\(module) not generated:\n\(output)")
    }
    let generated = { (path: String) in
      (try? FileManager.default.contentsOfDirectory(atPath: app.folder.appendingPathComponent(path).path).sorted()) ?? []
    }
    #expect(generated("Sources/AppSchema/Generated") == ["API.CharacterFilter.swift", "API.CharacterStatus.swift", "API.swift"])
    #expect(generated("Sources/CharacterFeature/Generated") == [
      "Characters.CharacterProfileQuery.swift", "Characters.CharacterSummary.swift", "Characters.swift",
    ])
    #expect(generated("Sources/EpisodeFeature/Generated") == ["Episodes.EpisodeCastQuery.swift", "Episodes.swift"])
    let query = try String(
      contentsOf: app.folder.appendingPathComponent("Sources/EpisodeFeature/Generated/Episodes.EpisodeCastQuery.swift"), encoding: .utf8)
    #expect(query.contains("import CharacterFeature\n") && query.contains("characterSummary: Characters.CharacterSummary"))
  }
}
