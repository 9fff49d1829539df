import BatonCodegen
import Foundation
import TestPrerequisites
import Testing

/// Every code block of `Documentation/*.md` is checked: ```swift blocks are in the
/// `DocSnippets` test target, which the build compiles (this test fails when a guide and
/// its extracted file differ; `BATON_UPDATE_SNIPPETS=1 swift test --filter
/// DocSnippetsTests` rewrites the files); a manifest is read by SwiftPM; ```graphql
/// blocks are the example's own documents, which `GeneratedCodeIsCurrentTests` compiles;
/// ```json blocks are valid baton.json. ```sh blocks and the story lines are not run here:
/// Tools/test.sh runs the example and checks its output.
struct DocSnippetsTests {
  static let guides: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path("Documentation"))) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
  }()

  @Test func everyGuideIsThere() {
    #expect(Self.guides == [
      "Cache.md", "ComingFromApolloIOS.md", "Directives.md", "FieldErrors.md", "GettingStarted.md", "Inspector.md", "LiveData.md",
      "MissingDataAndHeal.md", "Networking.md", "Pagination.md", "Persistence.md", "StalenessAndFetchPolicies.md",
      "SwiftUI.md", "Tool.md",
    ])
  }

  @Test(arguments: guides)
  func extractedFileEqualsTheGuide(_ guide: String) throws {
    let markdown = try #require(RepositoryRoot.text("Documentation/\(guide)"))
    let extracted = try DocSnippetExtractor.swiftFile(guide: guide, markdown: markdown)
    let path = "Documentation/Snippets/\(DocSnippetExtractor.fileName(guide: guide))"
    if ProcessInfo.processInfo.environment["BATON_UPDATE_SNIPPETS"] == "1" {
      try extracted.write(toFile: RepositoryRoot.path(path), atomically: true, encoding: .utf8)
    }
    #expect(RepositoryRoot.text(path) == extracted, "\(path) differs from \(guide); BATON_UPDATE_SNIPPETS=1 rewrites it")
  }

  @Test func noSnippetFileWithoutItsGuide() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path("Documentation/Snippets"))
    let expected = Self.guides.map(DocSnippetExtractor.fileName(guide:))
    #expect(names.filter { $0.hasSuffix(".swift") }.sorted() == expected.sorted())
  }

  @Test(arguments: guides)
  func graphQLBlocksAreTheExamplesOwnDocuments(_ guide: String) throws {
    let markdown = try #require(RepositoryRoot.text("Documentation/\(guide)"))
    let folder = RepositoryRoot.path("Examples/RickAndMorty")
    let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".graphql") }
      .compactMap { RepositoryRoot.text("Examples/RickAndMorty/\($0)") }
    #expect(files.count >= 8)
    for block in try DocSnippetExtractor.blocks(guide: guide, markdown: markdown) where block.language == "graphql" {
      let text = block.lines.joined(separator: "\n")
      #expect(files.contains { $0.contains(text) }, "\(guide):\(block.line): not in any of the example's .graphql files")
    }
  }

  @Test(arguments: guides)
  func jsonBlocksAreValidConfigurations(_ guide: String) throws {
    let markdown = try #require(RepositoryRoot.text("Documentation/\(guide)"))
    for block in try DocSnippetExtractor.blocks(guide: guide, markdown: markdown) where block.language == "json" {
      let bytes = Array(block.lines.joined(separator: "\n").utf8)
      #expect(throws: Never.self, "\(guide):\(block.line)") {
        _ = try BatonConfig.decode(bytes, file: "\(guide):\(block.line)", baseDirectory: "")
      }
    }
  }

  /// The modular configuration Tool.md shows is Examples/Modular's, file for file: the
  /// schema module's and the two feature modules', which the plugins' tests build.
  @Test func toolGuideShowsTheModularExamplesConfigurations() throws {
    let markdown = try #require(RepositoryRoot.text("Documentation/Tool.md"))
    let section = try #require(markdown.components(separatedBy: "## An app in modules").last)
    let shown: [String?] = try DocSnippetExtractor.blocks(guide: "Tool.md", markdown: section.components(separatedBy: "\n## ")[0])
      .filter { $0.language == "json" }.map { $0.lines.joined(separator: "\n") + "\n" }
    let files = ["AppSchema", "CharacterFeature", "EpisodeFeature"].map { RepositoryRoot.text("Examples/Modular/Sources/\($0)/baton.json") }
    #expect(shown == files)
  }

  /// SwiftPM evaluates each manifest in a folder of its own (dependencies are not fetched).
  @Test(arguments: guides)
  func manifestsAreReadBySwiftPM(_ guide: String) async throws {
    let markdown = try #require(RepositoryRoot.text("Documentation/\(guide)"))
    for block in try DocSnippetExtractor.blocks(guide: guide, markdown: markdown) where block.markers.manifest {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("baton-doc-manifest-\(UUID().uuidString)/MyApp")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
      try block.lines.joined(separator: "\n").write(
        to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      let dump = try await ToolRun.run(["swift", "package", "dump-package"], in: folder)
      #expect(dump.status == 0, "\(guide):\(block.line): swift package dump-package failed: \(dump.output)")
    }
  }

  /// The story lines the README and the guides quote are the example's real output.
  @Test(arguments: ["README.md"] + guides.map { "Documentation/\($0)" })
  func quotedStoryLinesAreTheExamplesOutput(_ path: String) throws {
    let markdown = try #require(RepositoryRoot.text(path))
    let expected = try #require(RepositoryRoot.text("Examples/RickAndMorty/expected-output.txt"))
    let lines = expected.split(separator: "\n").map(String.init)
    let story = Set(lines)
    let quoted = try DocSnippetExtractor.blocks(guide: path, markdown: markdown)
      .filter { $0.language.isEmpty }
      .flatMap(\.lines)
      .filter { $0.hasPrefix("[") }
    for line in quoted {
      #expect(story.contains(line), "\(path) quotes a line the example does not print: \(line)")
    }
    if path == "README.md" {
      #expect(quoted == lines, "the README shows the whole story")
    }
  }

  @Test func markersShapeTheExtraction() throws {
    let markdown = """
      # Guide

      ```swift
      import Baton
      let x = 1
      print(x)
      ```

      <!-- snippet parameters: environment: GraphQLEnvironment -->
      <!-- snippet prelude
      let y = 2
      -->
      ```swift
      print(environment, y)
      ```

      <!-- snippet top-level -->
      ```swift
      struct Shown {}
      ```

      ```graphql
      query Q { a }
      ```
      """
    let file = try DocSnippetExtractor.swiftFile(guide: "My-Guide.md", markdown: markdown)
    #expect(file == """
      // Extracted from Documentation/My-Guide.md by DocSnippetsTests: do not edit.
      // BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
      import Baton
      import Foundation
      import RickAndMortyAPI

      // My-Guide.md:3
      func myGuideSnippet1() async throws {
        let x = 1
        print(x)
      }

      // My-Guide.md:13
      func myGuideSnippet2(environment: GraphQLEnvironment) async throws {
        let y = 2
        print(environment, y)
      }

      // My-Guide.md:18
      struct Shown {}

      """)
  }

  @Test func aConditionCompilesTheBlockAndItsImportsOnlyWhereItHolds() throws {
    let markdown = """
      <!-- snippet condition: canImport(SwiftUI) -->
      <!-- snippet top-level -->
      ```swift
      import SwiftUI
      import Baton
      struct V: View { var body: some View { Text("x") } }
      ```

      ```swift
      import BatonTesting
      let z = 3
      _ = z
      ```
      """
    let file = try DocSnippetExtractor.swiftFile(guide: "UI.md", markdown: markdown)
    #expect(file == """
      // Extracted from Documentation/UI.md by DocSnippetsTests: do not edit.
      // BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
      import Baton
      import BatonTesting
      import Foundation
      import RickAndMortyAPI
      #if canImport(SwiftUI)
      import SwiftUI
      #endif

      // UI.md:3
      #if canImport(SwiftUI)
      struct V: View { var body: some View { Text("x") } }
      #endif

      // UI.md:9
      func uISnippet2() async throws {
        let z = 3
        _ = z
      }

      """)
  }

  @Test func anUnclosedBlockIsAnErrorThatSaysWhere() {
    #expect(throws: DocSnippetExtractor.Failure("Broken.md:3: the ```swift block is never closed.")) {
      try DocSnippetExtractor.swiftFile(guide: "Broken.md", markdown: "# x\n\n```swift\nlet a = 1\n")
    }
  }
}
