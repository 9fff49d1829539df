import BatonNormalizer
import BatonStore
import BatonTestServer
import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The store: a write among 1,000 watching handles, and a fetch cycle through the
/// loopback server with Baton's time told apart from the server's.
enum StoreBench {
  static let runs = 201
  static let fetchRuns = 101

  static let childCases: [String: BenchChild.Case] = [
    "store.write.alone": { _ in try write(watching: false) },
    "store.write.watched": { _ in try write(watching: true) },
    "store.fetch.http": { _ in try rawRoundTrip() },
    "store.fetch.baton": { _ in try fetchCycle() },
    "store.fetch.canned": { _ in try cannedCycle() },
  ]

  static func run() throws {
    let cases: [(label: String, name: String)] = [
      ("write 1 record, no handles", "store.write.alone"),
      ("write 1 record, 1,000 handles watching (1 re-read)", "store.write.watched"),
      ("fetch: raw URLSession POST (server + HTTP)", "store.fetch.http"),
      ("fetch: Baton refetch over loopback (all of it)", "store.fetch.baton"),
      ("fetch: Baton refetch, canned transport (Baton alone)", "store.fetch.canned"),
    ]
    let results = try cases.map { try BenchChild.run($0.name) }
    print("median of \(runs) writes / \(fetchRuns) fetches, each case in its own process")
    printTable(
      ["case", "time", "peak memory"],
      zip(cases, results).map { item, result in
        [item.label, String(format: "%.3f ms", result.seconds * 1000), formatMB(result.peakBytes)]
      })
    let inBaton = results[3].seconds - results[2].seconds
    print(String(format: "time in Baton per fetch: %.3f ms over loopback (refetch minus raw POST), %.3f ms measured alone",
      inBaton * 1000, results[4].seconds * 1000))
  }

  // MARK: Write

  static func payload(_ id: Int, name: String) -> JSONValue {
    ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string(name)]]
  }

  static func write(watching: Bool) throws -> Double {
    let environment = Environment(transport: CannedTransport(body: []))
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

  static func requestBody() -> Data {
    let request = GraphQLRequest(
      query: CharactersPageQuery.document, operationName: "CharactersPage", onError: .propagate)
    return Data(JSONWriter.string(request.body).utf8)
  }

  static func rawRoundTrip() throws -> Double {
    let server = try TestServer()
    defer { server.stop() }
    let session = URLSession(configuration: .ephemeral)
    var request = URLRequest(url: server.graphQLURL)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
    request.httpBody = requestBody()
    let fixed = request
    return try Clock.median(runs: fetchRuns) {
      let (body, _) = try blocking { try await session.data(for: fixed) }
      guard !body.isEmpty else { throw BenchError(description: "empty response") }
    }
  }

  static func fetchCycle() throws -> Double {
    let server = try TestServer()
    defer { server.stop() }
    return try refetchTime(Environment(transport: HTTPTransport(endpoint: server.graphQLURL)))
  }

  static func cannedCycle() throws -> Double {
    let server = try TestServer()
    let transport = HTTPTransport(endpoint: server.graphQLURL)
    let request = GraphQLRequest(query: CharactersPageQuery.document, operationName: "CharactersPage", onError: .propagate)
    let body = try blocking { try await transport.send(request) }
    server.stop()
    return try refetchTime(Environment(transport: CannedTransport(body: body)))
  }

  /// The median time of a refetch of a held handle, which also re-reads it.
  static func refetchTime(_ environment: Environment) throws -> Double {
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
