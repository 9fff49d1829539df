import Foundation
import Testing

/// Every ```swift block of `Documentation/*.md` is in the `DocSnippets` target, which the
/// build compiles: this test fails when a guide and its extracted file differ.
/// `BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests` rewrites the files.
struct DocSnippetsTests {
  static let guides: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path("Documentation"))) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
  }()

  @Test func everyGuideIsThere() {
    #expect(Self.guides == [
      "ComingFromApolloIOS.md", "Directives.md", "FieldErrors.md", "GettingStarted.md", "MissingDataAndHeal.md",
      "Persistence.md", "StalenessAndFetchPolicies.md", "Tool.md",
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

  @Test func markersShapeTheExtraction() throws {
    let markdown = """
      # Guide

      ```swift
      import Baton
      let x = 1
      print(x)
      ```

      <!-- snippet parameters: environment: Environment -->
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

      // My-Guide.md:3
      func myGuideSnippet1() async throws {
        let x = 1
        print(x)
      }

      // My-Guide.md:13
      func myGuideSnippet2(environment: Environment) async throws {
        let y = 2
        print(environment, y)
      }

      // My-Guide.md:18
      struct Shown {}

      """)
  }

  @Test func anUnclosedBlockIsAnErrorThatSaysWhere() {
    #expect(throws: DocSnippetExtractor.Failure("Broken.md:3: the ```swift block is never closed.")) {
      try DocSnippetExtractor.swiftFile(guide: "Broken.md", markdown: "# x\n\n```swift\nlet a = 1\n")
    }
  }
}
