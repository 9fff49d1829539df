import BatonCodegen
import Foundation

/// `baton-bench codegen`: code generation for 30, 100 and 300 operations against the
/// GitHub schema (graphql-core's introspection result), and `swift build` of the generated
/// module in a scratch package that depends on this one (its dependencies built once
/// beforehand, so each row times only the generated module).
enum CodegenBench {
  static let counts = [30, 100, 300]

  static func run() throws {
    let schemaText = String(decoding: try Fixtures.bytes("graphql-core/github_schema.json"), as: UTF8.self)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("baton-codegen-bench").path
    try writePackage(at: scratch)
    try build(scratch, files: [])
    print("| operations | generated lines | generate (median of 5) | swift build of the generated module |")
    print("|---|---|---|---|")
    for count in counts {
      let documents = [(name: "Operations.graphql", text: operations(count))]
      let config = BatonConfig(file: "baton.json", schema: ["github_schema.json"], documents: ["*.graphql"], output: "", namespace: "GitHub")
      var files: [GeneratedFile] = []
      let generate = try Clock.median(runs: 5, warmup: 1) {
        files = try Generator.generate(schemaFiles: [(name: "github_schema.json", text: schemaText)], documentFiles: documents, config: config)
      }
      let lines = files.reduce(0) { $0 + $1.contents.split(separator: "\n").count }
      let compile = try build(scratch, files: files)
      print("| \(count) | \(lines) | \(String(format: "%.3f s", generate)) | \(String(format: "%.1f s", compile)) |")
    }
  }

  /// Operations in three shapes, each with its own fragment: nested connections with an
  /// interface fragment, a union with type cases, and enums with variables.
  static func operations(_ count: Int) -> String {
    (0..<count).map { index in
      switch index % 3 {
      case 0:
        """
        query Issues\(index)($owner: String!, $name: String!) {
          repository(owner: $owner, name: $name) {
            name
            issues(last: \(index + 1)) {
              totalCount
              nodes { title body state author { ...Author\(index) } comments(last: 10) { nodes { body author { ...Author\(index) } } } }
            }
          }
        }
        fragment Author\(index) on Actor { login avatarUrl ... on User { id name company } }
        """
      case 1:
        """
        query Search\(index)($query: String!, $first: Int) {
          search(query: $query, type: REPOSITORY, first: $first) {
            repositoryCount
            nodes { ... on Repository { ...Repo\(index) } ... on Issue { title number } ... on User { login } }
          }
        }
        fragment Repo\(index) on Repository { id name description stargazers { totalCount } owner { login } }
        """
      default:
        """
        query Viewer\(index)($first: Int = 10, $privacy: RepositoryPrivacy) {
          viewer {
            login
            repositories(first: $first, privacy: $privacy) {
              nodes { ...Summary\(index) primaryLanguage { name color } }
              pageInfo { hasNextPage endCursor }
            }
          }
        }
        fragment Summary\(index) on Repository { id nameWithOwner isPrivate viewerPermission createdAt }
        """
      }
    }.joined(separator: "\n\n")
  }

  private static func writePackage(at folder: String) throws {
    let root = Fixtures.packageRoot
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "CodegenBench",
        platforms: [.macOS(.v14), .iOS(.v17)],
        dependencies: [.package(path: \(String(reflecting: root.path)))],
        targets: [
          .target(
            name: "Generated",
            dependencies: [.product(name: "BatonStore", package: \(String(reflecting: root.lastPathComponent)))],
            path: "Sources/Generated"),
        ])

      """
    try FileManager.default.createDirectory(atPath: folder + "/Sources/Generated", withIntermediateDirectories: true)
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
  }

  /// Replaces the generated sources and times `swift build --target Generated`.
  @discardableResult
  private static func build(_ folder: String, files: [GeneratedFile]) throws -> Double {
    let sources = folder + "/Sources/Generated"
    try? FileManager.default.removeItem(atPath: sources)
    try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
    let contents = files.isEmpty ? [GeneratedFile(path: "Empty.swift", contents: "import BatonStore\n")] : files
    for file in contents {
      try Data(file.contents.utf8).write(to: URL(fileURLWithPath: sources + "/" + file.path))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", folder, "--target", "Generated", "-Xswiftc", "-warnings-as-errors"]
    let log = Pipe()
    process.standardOutput = log
    process.standardError = log
    let start = Clock.now()
    try process.run()
    let output = log.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = Clock.now() - start
    guard process.terminationStatus == 0 else {
      throw BenchError(description: "swift build of the generated code failed:\n" + String(decoding: output, as: UTF8.self))
    }
    return elapsed
  }
}
