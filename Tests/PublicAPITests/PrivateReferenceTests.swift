import Foundation
import TestPrerequisites
import Testing

/// Comments and guides cite what a reader can open: ARCHITECTURE.md's sections, other
/// projects' issues, and words; not the team's sessions, its issue numbers, its former design
/// document or the paths of the machine they were written on.
struct PrivateReferenceTests {
  /// This file, whose examples are the lines the rules must catch.
  static let examples = "Tests/PublicAPITests/PrivateReferenceTests.swift"

  @Test(arguments: [
    ("// The layout follows DESIGN §2.", PrivateReference.Kind.designDocument, "DESIGN §2"),
    ("/// see DESIGN§7's table", .designDocument, "DESIGN§7"),
    ("// kept beside the repository (DESIGN.md)", .designDocument, "DESIGN.md"),
    ("// it cost the compiler more (session 15).", .session, "session 15"),
    ("/// Sessions 12 and 13 measured it", .session, "Sessions 12"),
    ("// measured on the shared host (see BENCHMARKS.md, #18).", .issueNumber, "#18"),
    ("// the scale bar (#23) holds", .issueNumber, "#23"),
    ("/// Before #18 the structs were Sendable only.", .issueNumber, "#18"),
    ("// Issue 23's whole measure", .issueNumber, "Issue 23"),
    ("// after issues 18–23", .issueNumber, "issues 18–23"),
    ("// reads /work/shared/fixtures", .machinePath, "/work"),
    ("// written to `/tmp/bench.json`", .machinePath, "/tmp"),
    ("/* under /home/ci */", .machinePath, "/home"),
    ("let x = 1  // from /root", .machinePath, "/root"),
  ])
  func aPlantedSwiftCommentIsFound(_ line: String, _ kind: PrivateReference.Kind, _ text: String) {
    #expect(PrivateReferences.inSwift("import Foundation\n" + line) == [PrivateReference(line: 2, kind: kind, text: text)])
  }

  @Test(arguments: [
    "// apollo-ios #842 asks for the same",
    "// graphql-spec PR 1163 names the field",
    "// relay #4032 reads it the same way",
    "/// The label is the operation's name and a count (`query Hero #2`).",
    "#expect(query.contains(\"@defer(label: \\\"query TwoDeferredParts #1\\\")\"))",
    "let url = \"http://example.com/tmp/x\"  // a URL is no machine path",
    "let path = \"/tmp/x\"",
    "let raw = #\"// session 1 \"#",
    "// https://example.com/home/page and ../shared/fixtures",
    "// URLSession 2 is a name, not a session",
    "// one session 's worth, the design of issue handling, a #fff colour",
  ])
  func anAllowedSwiftLineIsNotFound(_ line: String) {
    #expect(PrivateReferences.inSwift(line).isEmpty)
  }

  @Test func aMultiLineStringIsNotAComment() {
    let source = "let page = \"\"\"\n  // session 4 in a page's script\n  \"\"\" // after it, /tmp\n"
    #expect(PrivateReferences.inSwift(source) == [PrivateReference(line: 3, kind: .machinePath, text: "/tmp")])
  }

  @Test func markdownProseIsCheckedAndCodeOnlyForPathsAndNames() {
    let source = """
      # Scale
      The bar of #23 is not met (session 31).
      A label such as `query Hero #2` is code.
      ```sh
      BATON_FIXTURES=/work/shared/fixtures baton-bench scale   # issue 23
      ```
      apollo-ios #842 is theirs.
      """
    #expect(PrivateReferences.inMarkdown(source) == [
      PrivateReference(line: 2, kind: .session, text: "session 31"),
      PrivateReference(line: 2, kind: .issueNumber, text: "#23"),
      PrivateReference(line: 5, kind: .machinePath, text: "/work"),
    ])
  }

  /// Every `.swift` and `.md` file of the checkout, generated code included, outside hidden
  /// folders (`.build`, `.git`, the test environment's `.venv` and `.cache`).
  static func checkedFiles() -> [String] {
    let root = PublicDeclarations.repositoryRoot.standardizedFileURL
    guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    let rootPath = root.path + "/"
    var files: [String] = []
    while let url = walk.nextObject() as? URL {
      // Skipping a hidden folder's descendants, not only its name, keeps `.build` out of the walk.
      if url.lastPathComponent.hasPrefix(".") {
        walk.skipDescendants()
        continue
      }
      let path = url.standardizedFileURL.path
      guard path.hasSuffix(".swift") || path.hasSuffix(".md"), path.hasPrefix(rootPath) else { continue }
      let relative = String(path.dropFirst(rootPath.count))
      if relative != examples { files.append(relative) }
    }
    return files.sorted()
  }

  @Test func noCommentOrGuideCitesWhatAReaderCannotOpen() async throws {
    let files = Self.checkedFiles()
    #expect(files.contains("ARCHITECTURE.md") && files.contains("Package.swift") && files.count > 500, "the walk lost the checkout")
    // Reading and lexing every file is long work: on a thread of its own, not on one of the
    // few that run every other suite's tasks.
    let found = try await onOwnThread {
      try files.flatMap { file in
        let text = try String(contentsOf: PublicDeclarations.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let references = file.hasSuffix(".md") ? PrivateReferences.inMarkdown(text) : PrivateReferences.inSwift(text)
        return references.map { "\(file):\($0)" }
      }
    }
    #expect(found.isEmpty, "cite ARCHITECTURE.md's sections or say it in words:\n\(found.joined(separator: "\n"))")
  }
}
