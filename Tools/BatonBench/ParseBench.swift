import Foundation
import GraphQLSyntax

/// Parse throughput and peak memory, Baton beside graphql-js 16, on real schemas and a
/// large query. Each Baton case runs in its own child process; graphql-js runs in node
/// through `Tools/bench-peers/graphql-js-parse.js`. Both parse with their defaults
/// (locations kept).
enum ParseBench {
  static let files = [
    "graphql-core/github_schema.graphql",
    "github-issues/schema.graphqls",
    "graphql-core/large_query.graphql",
  ]

  static let childCases: [String: BenchChild.Case] = ["parse": parseFile]

  /// The child case: parses one fixture repeatedly and returns the median time.
  @Sendable static func parseFile(_ arguments: [String]) throws -> Double {
    guard let path = arguments.first else { throw BenchError(description: "parse: no fixture given") }
    let source = Source(bytes: try Fixtures.bytes(path), name: path)
    let parseOnce = {
      do throws(SyntaxError) {
        _ = try parse(source)
      } catch {
        throw BenchError(description: "parse \(path): \(error)")
      }
    }
    let first = Clock.now()
    try parseOnce()
    let runs = min(200, max(10, Int(2.0 / max(Clock.now() - first, 1e-6))))
    return try Clock.median(runs: runs, warmup: 3, parseOnce)
  }

  static func run() throws {
    var rows: [[String]] = []
    var notes: [String] = []
    for path in files {
      let size = try Fixtures.bytes(path).count
      let baton = try BenchChild.run("parse", [path])
      var row = [path, formatMB(size), formatRate(bytes: size, seconds: baton.seconds), formatMB(baton.peakBytes)]
      switch GraphQLJS.parse(Fixtures.url(path)) {
      case .success(let peer):
        row += [formatRate(bytes: size, seconds: peer.seconds), formatMB(peer.peakBytes),
                formatRatio(peer.seconds / baton.seconds)]
      case .failure(let error):
        row += ["n/a", "n/a", "n/a"]
        if !notes.contains(error.description) { notes.append(error.description) }
      }
      rows.append(row)
    }
    printTable(
      ["fixture", "size", "Baton", "Baton peak", "graphql-js", "graphql-js peak", "Baton speed-up"],
      rows)
    if let version = GraphQLJS.version() { print("graphql-js \(version), node \(GraphQLJS.nodeVersion() ?? "?")") }
    for note in notes { print("note: \(note)") }
  }
}
