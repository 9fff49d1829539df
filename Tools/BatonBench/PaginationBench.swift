import BatonNormalizer
import BatonStore
import BenchHeap
import Foundation

/// `baton-bench pagination`: 200 pages of 50 edges loaded one after another into one
/// connection with a paginated handle watching (is a page's cost independent of the
/// list's length?), and a read of the 10,000-edge connection against `JSONSerialization`
/// parsing the same edges as one response.
enum PaginationBench {
  static let pages = 200
  static let pageSize = 50
  static let window = 20
  static let readRuns = 21

  static let childCases: [String: BenchChild.Case] = [
    "pagination.loads.first": { _ in try loads().first },
    "pagination.loads.last": { _ in try loads().last },
    "pagination.read": { _ in try readConnection() },
    "pagination.json": { _ in try parseJSON() },
  ]

  static func run() throws {
    let first = try BenchChild.run("pagination.loads.first")
    let last = try BenchChild.run("pagination.loads.last")
    let read = try BenchChild.run("pagination.read")
    let json = try BenchChild.run("pagination.json")
    print("\(pages) pages of \(pageSize) edges into one connection, a PaginatedHandle watching; canned transport")
    printTable(
      ["case", "time", "peak memory"],
      [
        ["first \(window) loadNext (edges 51...1,050)", String(format: "%.1f ms", first.seconds * 1000), formatMB(first.peakBytes)],
        ["last \(window) loadNext (edges 9,001...10,000)", String(format: "%.1f ms", last.seconds * 1000), formatMB(last.peakBytes)],
        ["last / first", formatRatio(last.seconds / first.seconds), ""],
        ["read the 10,000-edge connection (median of \(readRuns))", String(format: "%.2f ms", read.seconds * 1000), formatMB(read.peakBytes)],
        ["JSONSerialization of the same 10,000 edges (median of \(readRuns))", String(format: "%.2f ms", json.seconds * 1000), formatMB(json.peakBytes)],
        ["read / JSONSerialization", formatRatio(read.seconds / json.seconds), ""],
      ])
  }

  /// The environment with every page loaded, and the total time of the first and last
  /// `window` loads after the first page.
  static func loadAll() throws -> (environment: GraphQLEnvironment, handle: PaginatedHandle<ItemConnectionQuery>, times: [Double]) {
    let environment = GraphQLEnvironment(transport: PageTransport(pages: pages, pageSize: pageSize))
    let handle = environment.watchPaginated(ItemConnectionQuery(count: pageSize), policy: .networkOnly)
    try StoreBench.blocking {
      for await snapshot in handle.handle.snapshots where snapshot.phase.data != nil && !snapshot.fetch.isInFlight { break }
    }
    var times: [Double] = []
    // Under callgrind, the first and last windows' instructions each go to a profile part
    // of their own (`callgrind.out.<pid>.<n>`, named in its `desc: Trigger` line).
    bench_callgrind_dump("setup")
    for load in 1..<pages {
      if load == pages - window { bench_callgrind_dump("middle loads") }
      let start = Clock.now()
      try StoreBench.blocking { await handle.loadNext(pageSize).value }
      times.append(Clock.now() - start)
      if load == window { bench_callgrind_dump("first \(window) loads") }
    }
    bench_callgrind_dump("last \(window) loads")
    let edges = handle.phase.data?[0].objectValue?[1].listValue?.count ?? 0
    guard edges == pages * pageSize, !handle.hasNext else {
      throw BenchError(description: "the connection has \(edges) edges, not \(pages * pageSize)")
    }
    return (environment, handle, times)
  }

  static func loads() throws -> (first: Double, last: Double) {
    let times = try loadAll().times
    return (times.prefix(window).reduce(0, +), times.suffix(window).reduce(0, +))
  }

  /// The handle's read of the whole connection: every edge's node name, as a list view's
  /// rows would read them.
  static func readConnection() throws -> Double {
    let (environment, _, _) = try loadAll()
    let source = environment.records
    var names = 0
    let seconds = Clock.median(runs: readRuns) {
      let result = BatonNormalizer.read(source, operation: ItemConnectionQuery.operation, variables: ["count": 50])
      for edge in result.data?[0].objectValue?[1].listValue ?? [] {
        if edge.objectValue?[2].objectValue?[2].stringValue != nil { names += 1 }
      }
    }
    guard names == readRuns * pages * pageSize + 2 * pages * pageSize else {
      throw BenchError(description: "read \(names) names")
    }
    return seconds
  }

  static func parseJSON() throws -> Double {
    let body = Data(ItemConnectionQuery.page(offset: 0, count: pages * pageSize, total: pages * pageSize).utf8)
    return try Clock.median(runs: readRuns) {
      _ = try JSONSerialization.jsonObject(with: body)
    }
  }
}
