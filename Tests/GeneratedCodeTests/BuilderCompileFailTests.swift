import Foundation
import TestPrerequisites
import Testing

/// A builder cannot be called without a non-null field: a package made of the Library
/// target's generated files and `Fixtures/BuilderMissingField/main.swift`, which leaves
/// out the book's `id`, must fail to build with the compiler's missing-argument error.
///
/// The package depends on the repository by path and builds in its own scratch directory
/// under `.build`, which later runs reuse, so only its one small target compiles again.
struct BuilderCompileFailTests {
  static let directory = RepositoryRoot.url.appendingPathComponent(".build/builder-compile-fail")

  @Test(.timeLimit(.minutes(10))) func aBuilderWithoutANonNullFieldDoesNotBuild() async throws {
    let package = try Self.writePackage()
    let build = try await ToolRun.run([
      "swift", "build", "--package-path", package.path,
      "--scratch-path", Self.directory.appendingPathComponent("scratch").path,
      // A cached build plan misses source files added to the repository since.
      "--disable-build-manifest-caching",
    ])
    #expect(build.status != 0)
    #expect(build.output.contains("main.swift:2:"))
    #expect(build.output.contains("error: missing argument for parameter 'id' in call"), "\(build.output)")
  }

  /// Writes Package.swift and the sources afresh, so the package is the one this
  /// checkout's generated code makes.
  private static func writePackage() throws -> URL {
    let files = FileManager.default
    let package = directory.appendingPathComponent("Package")
    let sources = package.appendingPathComponent("Sources/BuilderMissingField")
    if files.fileExists(atPath: sources.path) { try files.removeItem(at: sources) }
    try files.createDirectory(at: sources, withIntermediateDirectories: true)
    let tests = RepositoryRoot.url.appendingPathComponent("Tests/GeneratedCodeTests")
    let generated = tests.appendingPathComponent("Generated/Library")
    for name in try files.contentsOfDirectory(atPath: generated.path) where name.hasSuffix(".swift") {
      try files.copyItem(at: generated.appendingPathComponent(name), to: sources.appendingPathComponent(name))
    }
    try files.copyItem(
      at: tests.appendingPathComponent("Fixtures/BuilderMissingField/main.swift"), to: sources.appendingPathComponent("main.swift"))
    let root = RepositoryRoot.url.standardizedFileURL
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "BuilderMissingField",
        platforms: [.macOS(.v14)],
        dependencies: [.package(path: \(Self.literal(root.path)))],
        targets: [
          .executableTarget(
            name: "BuilderMissingField",
            dependencies: [
              .product(name: "BatonNormalizer", package: \(Self.literal(root.lastPathComponent.lowercased()))),
              .product(name: "BatonStore", package: \(Self.literal(root.lastPathComponent.lowercased()))),
            ]),
        ]
      )

      """
    let manifestURL = package.appendingPathComponent("Package.swift")
    if (try? String(contentsOf: manifestURL, encoding: .utf8)) != manifest {
      try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)
    }
    return package
  }

  private static func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
