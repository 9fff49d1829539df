@testable import BatonCodegen
import Foundation
import Testing

struct GlobTests {
  static let cases: [(String, String, Bool)] = [
    ("*.graphql", "a.graphql", true),
    ("*.graphql", "dir/a.graphql", false),
    ("**/*.graphql", "a.graphql", true),
    ("**/*.graphql", "x/y/z/a.graphql", true),
    ("Sources/**/*.graphql", "Sources/a.graphql", true),
    ("Sources/**/*.graphql", "Sources/A/B/a.graphql", true),
    ("Sources/**/*.graphql", "Other/a.graphql", false),
    ("Sources/**", "Sources/A/a.swift", true),
    ("a?c.graphql", "abc.graphql", true),
    ("a?c.graphql", "ac.graphql", false),
    ("*Query*.graphql", "MyQueryFile.graphql", true),
    ("*Query*.graphql", "Mutation.graphql", false),
    ("a/*/c", "a/b/c", true),
    ("a/*/c", "a/b/x/c", false),
    ("**/b/**/c", "a/b/x/y/c", true),
  ]

  @Test(arguments: cases)
  func matchesWholePaths(_ pattern: String, _ path: String, _ expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected)
  }

  @Test func findsFilesUnderTheFixedPrefixSorted() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-glob-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for path in ["b/q.graphql", "a/deep/p.graphql", "a/r.txt", ".hidden/h.graphql", "top.graphql"] {
      let full = folder + "/" + path
      try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data("{ a }".utf8).write(to: URL(fileURLWithPath: full))
    }
    #expect(Glob(folder + "/**/*.graphql").files() == [folder + "/a/deep/p.graphql", folder + "/b/q.graphql", folder + "/top.graphql"])
    #expect(Glob(folder + "/a/*.txt").files() == [folder + "/a/r.txt"])
    #expect(Glob(folder + "/missing/**/*.graphql").files().isEmpty)
  }
}
