import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTransport
import Dispatch
import Foundation
import Synchronization

/// The store: a write among 1,000 watching handles, and a fetch cycle through the
/// loopback server with Baton's time told apart from the server's.
enum StoreBench {
  static let runs = 201
  static let fetchRuns = 101

  static let childCases: [String: BenchChild.Case] = [
    "store.write.alone": { _ in try write(watching: false) },
    "store.write.watched": { _ in try write(watching: true) },
    "store.write.watched.budget": { _ in try write(watching: true, maximumBytes: 50_000_000) },
    "store.fetch.canned": { _ in try cannedCycle() },
    "store.fetch.canned.budget": { _ in try cannedCycle(maximumBytes: 50_000_000) },
  ]

  static func run() throws {
    let cases: [(label: String, name: String)] = [
      ("write 1 record, no handles", "store.write.alone"),
      ("write 1 record, 1,000 handles watching (1 re-read)", "store.write.watched"),
      ("the same under a 50 MB byte budget", "store.write.watched.budget"),
      ("fetch, canned transport (Baton alone)", "store.fetch.canned"),
      ("the same under a 50 MB byte budget", "store.fetch.canned.budget"),
    ]
    let results = try cases.map { try BenchChild.run($0.name) }
    print("median of \(runs) writes / \(fetchRuns) fetches, each case in its own process")
    printTable(
      ["case", "time", "peak memory"],
      zip(cases, results).map { item, result in
        [item.label, String(format: "%.3f ms", result.seconds * 1000), formatMB(result.peakBytes)]
      })
    let cycle = try fetchCycle()
    print("fetch over loopback (CharactersPage, 20 characters), medians of \(fetchRuns) refetches in one process:")
    printTable(
      ["part", "time"],
      [
        ("whole refetch", cycle.total), ("inside HTTPTransport.send (URLSession, socket, server)", cycle.inTransport),
        ("in Baton around it (per-run difference)", cycle.outside),
      ].map { [$0.0, String(format: "%.3f ms", $0.1 * 1000)] })
  }

  // MARK: Write

  static func payload(_ id: Int, name: String) -> JSONValue {
    ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string(name)]]
  }

  /// - Parameter maximumBytes: a byte budget the store stays under: what its bookkeeping
  ///   costs a write and a re-read.
  static func write(watching: Bool, maximumBytes: Int? = nil) throws -> Double {
    let environment = GraphQLEnvironment(transport: CannedTransport(body: []), maximumBytes: maximumBytes)
    for id in 1...1000 { try environment.commitPayload(CharacterNameQuery(id: String(id)), payload(id, name: "Character \(id)")) }
    let handles = watching ? (1...1000).map { environment.watch(CharacterNameQuery(id: String($0)), policy: .storeOnly) } : []
    var toggle = false
    let seconds = try Clock.median(runs: runs) {
      toggle.toggle()
      try environment.commitPayload(CharacterNameQuery(id: "500"), payload(500, name: toggle ? "Renamed" : "Character 500"))
    }
    guard !watching || handles[499].phase.data != nil else { throw BenchError(description: "the watched handle has no data") }
    return seconds
  }

  // MARK: Fetch

  /// Medians of a refetch through the loopback server: the whole of it, the time inside
  /// `HTTPTransport.send` (URLSession, the socket and the server), and the rest.
  static func fetchCycle() throws -> (total: Double, inTransport: Double, outside: Double) {
    let server = try TestServer()
    defer { server.stop() }
    let transport = TimedTransport(HTTPTransport(endpoint: server.graphQLURL))
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(CharactersPageQuery(), policy: .networkOnly)
    var totals: [Double] = []
    var inside: [Double] = []
    var outside: [Double] = []
    for run in 0..<(fetchRuns + 2) {
      let before = transport.elapsed
      let start = Clock.now()
      try blocking { await handle.refetch() }
      let total = Clock.now() - start
      let sent = transport.elapsed - before
      guard run >= 2 else { continue }
      totals.append(total)
      inside.append(sent)
      outside.append(total - sent)
    }
    guard handle.phase.data != nil, handle.fetch == .idle else {
      throw BenchError(description: "the fetch did not succeed: \(handle.fetch)")
    }
    return (median(totals), median(inside), median(outside))
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  static func cannedCycle(maximumBytes: Int? = nil) throws -> Double {
    let server = try TestServer()
    let transport = HTTPTransport(endpoint: server.graphQLURL)
    let request = GraphQLRequest(query: CharactersPageQuery.document, operationName: "CharactersPage", onError: .propagate)
    let body = try blocking { try await transport.payload(for: request).body }
    server.stop()
    return try refetchTime(GraphQLEnvironment(transport: CannedTransport(body: body), maximumBytes: maximumBytes))
  }

  /// The median time of a refetch of a held handle, which also re-reads it.
  static func refetchTime(_ environment: GraphQLEnvironment) throws -> Double {
    let handle = environment.watch(CharactersPageQuery(), policy: .networkOnly)
    let seconds = try Clock.median(runs: fetchRuns) {
      try blocking { await handle.refetch() }
    }
    guard handle.phase.data != nil, handle.fetch == .idle else {
      throw BenchError(description: "the fetch did not succeed: \(handle.fetch)")
    }
    return seconds
  }

  /// Runs async work to completion from synchronous benchmark code.
  static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    guard let outcome = result.withLock({ $0 }) else { throw BenchError(description: "no result") }
    return try outcome.get()
  }
}
