import BatonCodegen
import Foundation

/// `baton-bench codegen`: code generation for 30, 100 and 300 operations against the
/// GitHub schema (graphql-core's introspection result), and `swift build` of the generated
/// module in a scratch package that depends on this one (its dependencies built once
/// beforehand, so each row times only the generated module). The files are the ones
/// `baton generate` writes (one per operation, fragment and schema type), built the way a
/// debug `swift build` builds any target (batch mode, one job per core at a time, index
/// records written).
enum CodegenBench {
  static let counts = [30, 100, 300]
  /// Builds per row, the one with the least CPU kept: a burst of other work on a shared
  /// machine then spoils a row only if it lasts through every run.
  static let buildRuns = 3

  static func run() throws {
    let schemaText = String(decoding: try Fixtures.bytes("graphql-core/github_schema.json"), as: UTF8.self)
    // One folder per run: a folder shared by two runs (two checkouts on one machine) makes
    // the second SwiftPM wait on the first's lock without a word, as its output is piped.
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("baton-codegen-bench-\(ProcessInfo.processInfo.processIdentifier)").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try writePackage(at: scratch)
    progress("building the scratch package's dependencies (not timed)")
    try build(scratch, files: [])
    var rows: [(count: Int, files: Int, lines: Int, generate: Double, build: BuildTiming)] = []
    for count in counts {
      let documents = [(name: "Operations.graphql", text: operations(count))]
      let config = BatonConfig(file: "baton.json", schema: ["github_schema.json"], documents: ["*.graphql"], output: "", namespace: "GitHub")
      var files: [GeneratedFile] = []
      let generate = try Clock.median(runs: 5, warmup: 1) {
        files = try Generator.generate(schemaFiles: [(name: "github_schema.json", text: schemaText)], documentFiles: documents, config: config)
      }
      let lines = files.reduce(0) { $0 + $1.contents.split(separator: "\n").count }
      var timing = try timedBuild(scratch, files: files, count: count, run: 1)
      for run in 1..<buildRuns {
        timing = BuildTiming.best(timing, try timedBuild(scratch, files: files, count: count, run: run + 1))
      }
      rows.append((count, files.count, lines, generate, timing))
    }
    print("| operations | files | generated lines | generate (median of 5) | swift build, wall (least CPU of \(buildRuns)) | its CPU time | wall per operation | CPU per operation | load before → after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows {
      let operations = Double(row.count)
      print(
        "| \(row.count) | \(row.files) | \(row.lines) | \(String(format: "%.3f s", row.generate)) | \(String(format: "%.1f s", row.build.wall)) "
          + "| \(String(format: "%.1f s", row.build.cpu)) | \(String(format: "%.3f s", row.build.wall / operations)) "
          + "| \(String(format: "%.3f s", row.build.cpu / operations)) | \(String(format: "%.1f → %.1f", row.build.loadBefore, row.build.loadAfter)) |")
    }
    guard let last = rows.last else { return }
    for row in rows.dropLast() {
      let wall = (last.build.wall / Double(last.count)) / (row.build.wall / Double(row.count))
      let cpu = (last.build.cpu / Double(last.count)) / (row.build.cpu / Double(row.count))
      print("per-operation build cost at \(last.count) over \(row.count): wall \(formatRatio(wall)), CPU \(formatRatio(cpu))")
    }
  }

  /// The table is printed once every row is measured, which at 300 operations on a busy
  /// machine takes many minutes; each build's figures go to stderr as it ends, so a run
  /// cut short by a timeout still shows what it measured.
  private static func timedBuild(_ folder: String, files: [GeneratedFile], count: Int, run: Int) throws -> BuildTiming {
    let timing = try build(folder, files: files)
    progress(
      "\(count) operations, build \(run) of \(buildRuns): \(String(format: "%.1f s wall, %.1f s CPU, load %.1f → %.1f", timing.wall, timing.cpu, timing.loadBefore, timing.loadAfter))")
    return timing
  }

  static let operationsFlag = "--codegen-operations"

  /// `--codegen-operations N`: prints the document of N operations a row builds, so that
  /// another commit's `baton generate` can make its own code for the same operations (the
  /// side-by-side timing in BENCHMARKS.md).
  static func printOperations(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let count = Int(arguments[0]), (1...10_000).contains(count) else {
      FileHandle.standardError.write(Data("baton-bench: usage: \(operationsFlag) N (1 to 10000)\n".utf8))
      return 2
    }
    print(operations(count))
    return 0
  }

  private static func progress(_ line: String) {
    FileHandle.standardError.write(Data("baton-bench codegen: \(line)\n".utf8))
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
  private static func build(_ folder: String, files: [GeneratedFile]) throws -> BuildTiming {
    let sources = folder + "/Sources/Generated"
    try? FileManager.default.removeItem(atPath: sources)
    try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
    let contents = files.isEmpty ? [GeneratedFile(path: "Empty.swift", contents: "import BatonStore\n")] : files
    for file in contents {
      try Data(file.contents.utf8).write(to: URL(fileURLWithPath: sources + "/" + file.path))
    }
    // A debug build also writes index records, but only for sources the index store has
    // not seen: emptied, every build of a row writes them all, as a build of newly generated
    // code does, and the row's builds do the same work.
    try? FileManager.default.removeItem(atPath: folder + "/.build/debug/index")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", folder, "--target", "Generated", "-Xswiftc", "-warnings-as-errors"]
    let log = Pipe()
    process.standardOutput = log
    process.standardError = log
    let loadBefore = loadAverage()
    let cpuBefore = childrenCPUSeconds()
    let start = Clock.now()
    try process.run()
    let output = log.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let wall = Clock.now() - start
    guard process.terminationStatus == 0 else {
      throw BenchError(description: "swift build of the generated code failed:\n" + String(decoding: output, as: UTF8.self))
    }
    return BuildTiming(wall: wall, cpu: childrenCPUSeconds() - cpuBefore, loadBefore: loadBefore, loadAfter: loadAverage())
  }
}
