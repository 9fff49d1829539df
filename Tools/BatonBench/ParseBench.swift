import Foundation
import GraphQLSyntax

/// Parse throughput and peak memory, Baton beside graphql-js 16, on real schemas and a
/// large query. Each Baton case runs in its own child process; graphql-js runs in node
/// through `Tools/bench-peers/graphql-js-parse.js`. Both parse with their defaults
/// (locations kept). Baton's time is the median process CPU time per parse (it is
/// single-threaded, and other work on a shared machine disturbs CPU time far less than
/// wall-clock time); graphql-js's is the lower of its CPU and wall-clock medians. Each
/// side's figure is its best over `rounds` interleaved rounds.
enum ParseBench {
  static let files = [
    "graphql-core/github_schema.graphql",
    "github-issues/schema.graphqls",
    "graphql-core/large_query.graphql",
  ]

  static let childCases: [String: BenchChild.Case] = [
    "parse": { try timeParse($0, includingFree: false) },
    "parse-free": { try timeParse($0, includingFree: true) },
  ]

  /// The child case: parses one fixture repeatedly and returns the median CPU time. Without
  /// `includingFree`, the previous document is freed outside the timed region (a garbage
  /// collector, as graphql-js has, also frees later); with it, freeing is timed too.
  static func timeParse(_ arguments: [String], includingFree: Bool) throws -> Double {
    guard let path = arguments.first else { throw BenchError(description: "parse: no fixture given") }
    let source = Source(bytes: try Fixtures.bytes(path), name: path)
    var last: Document?
    var times: [Double] = []
    let started = Clock.now()
    while times.count < 13 || (Clock.now() - started < 2 && times.count < 400) {
      let start = cpuSeconds()
      do throws(SyntaxError) {
        if includingFree {
          _ = try parse(source)
          times.append(cpuSeconds() - start)
        } else {
          let document = try parse(source)
          times.append(cpuSeconds() - start)
          last = document
        }
      } catch {
        throw BenchError(description: "parse \(path): \(error)")
      }
    }
    _ = last
    times.removeFirst(3)
    times.sort()
    return times[times.count / 2]
  }

  /// CPU time of this process so far, in seconds.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Rounds per file. This VM's speed shifts by up to half for seconds at a time, for
  /// both parsers alike; each side's best median over interleaved rounds compares the two
  /// at their steadiest rather than whichever happened to run in a slow spell. With
  /// three, one side often saw no fast spell at all; five take about a minute in all.
  static let rounds = 5

  static func run() throws {
    var rows: [[String]] = []
    var notes: [String] = []
    for path in files {
      let size = try Fixtures.bytes(path).count
      var baton: CaseResult?
      var withFree: CaseResult?
      var peer: GraphQLJS.Result?
      for _ in 0..<rounds {
        baton = fastest(baton, try BenchChild.run("parse", [path]), \.seconds)
        withFree = fastest(withFree, try BenchChild.run("parse-free", [path]), \.seconds)
        switch GraphQLJS.parse(Fixtures.url(path)) {
        case .success(let result):
          peer = fastest(peer, result, \.seconds)
        case .failure(let error):
          if !notes.contains(error.description) { notes.append(error.description) }
        }
      }
      guard let baton, let withFree else { continue }
      var row = [path, formatMB(size), formatRate(bytes: size, seconds: baton.seconds),
                 formatRate(bytes: size, seconds: withFree.seconds), formatMB(baton.peakBytes)]
      if let peer {
        row += [formatRate(bytes: size, seconds: peer.seconds), formatMB(peer.peakBytes),
                formatRatio(peer.seconds / baton.seconds), formatRatio(peer.seconds / withFree.seconds)]
      } else {
        row += ["n/a", "n/a", "n/a", "n/a"]
      }
      rows.append(row)
    }
    printTable(
      ["fixture", "size", "Baton", "Baton+free", "Baton peak", "graphql-js", "graphql-js peak",
       "speed-up", "speed-up+free"],
      rows)
    print("each side's best median of \(rounds) interleaved rounds")
    if let version = GraphQLJS.version() { print("graphql-js \(version), node \(GraphQLJS.nodeVersion() ?? "?")") }
    for note in notes { print("note: \(note)") }
  }

  /// The quicker of the best so far and the next result.
  private static func fastest<T>(_ best: T?, _ next: T, _ seconds: (T) -> Double) -> T {
    guard let best, seconds(best) <= seconds(next) else { return next }
    return best
  }
}
