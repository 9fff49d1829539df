import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTransport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The request chain's own cost: `prepare` + `AuthPart` + `RetryPart` +
/// `PersistedQueryPart(.automatic)` on a request that meets no fault, beside a refetch
/// over the loopback server with the same chain.
enum NetworkBench {
  static let sends = 20_001
  static let refetches = 101

  /// `CharactersPage` with the SHA-256 of its text as its id, as generated code has it.
  struct HashedPage: GraphQLOperation {
    typealias Data = DataObject
    static var document: String { CharactersPageQuery.document }
    static let operationID = "d3704b1893618f86faf2eb4d9f5a8a3b33f0a9f358fa95d5b3b709352c9500c8"
    static var operation: OperationDescriptor { CharactersPageQuery.operation }
    var variables: [String: JSONValue] { [:] }
    static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
  }

  struct FixedToken: TokenProvider {
    func token() async throws -> String? { "bench-token" }
    func refreshedToken(replacing rejected: String?) async throws -> String { "bench-token" }
  }

  static func parts() -> [any TransportPart] {
    [RetryPart(), AuthPart(tokens: FixedToken()), PersistedQueryPart(.automatic)]
  }

  /// What `HTTPTransport` runs as `prepare`: a header that changes per request.
  static let prepare: @Sendable (inout URLRequest) async throws -> Void = { request in
    request.setValue("trace", forHTTPHeaderField: "X-Trace")
  }

  static func run() throws {
    let server = try TestServer()
    defer { server.stop() }
    try StoreBench.blocking { try await server.control(["command": "persistedQueries", "mode": "automatic"]) }
    let request = GraphQLRequest(
      query: HashedPage.document, operationName: "CharactersPage", onError: .propagate, operationID: HashedPage.operationID)
    let body = try StoreBench.blocking { try await HTTPTransport(endpoint: server.graphQLURL).payload(for: request).body }

    let canned = CannedTransport(body: body)
    let chained = TransportChain(parts(), to: canned)
    let bare = try perSend(canned, request)
    let chain = try perSend(chained, request)
    let url = server.graphQLURL
    let prepareTime = try Clock.median(runs: 1001) {
      try StoreBench.blocking {
        var urlRequest = URLRequest(url: url)
        for _ in 0..<100 { try await prepare(&urlRequest) }
      }
    } / 100

    let plain = try refetchTime(HTTPTransport(endpoint: url))
    let withChain = try refetchTime(
      TransportChain(parts(), to: HTTPTransport(endpoint: url, prepare: prepare)))
    let overhead = chain - bare + prepareTime
    print("the chain's cost per request (no faults), medians; loopback refetches of CharactersPage:")
    printTable(
      ["case", "time"],
      [
        ("send, canned transport alone", bare), ("send, retry + auth + APQ parts over the canned transport", chain),
        ("prepare (sets one header)", prepareTime), ("chain overhead: parts + prepare", overhead),
        ("refetch over loopback, plain HTTPTransport", plain), ("refetch over loopback, with the chain", withChain),
      ].map { [$0.0, String(format: "%.4f ms", $0.1 * 1000)] })
    print(String(format: "overhead / loopback refetch: %.3f%%", overhead / withChain * 100))
  }

  /// The median time of one `send`, over batches of 100.
  static func perSend(_ transport: any Transport, _ request: GraphQLRequest) throws -> Double {
    try Clock.median(runs: sends / 100) {
      _ = try StoreBench.blocking {
        for _ in 0..<100 { _ = try await transport.payload(for: request) }
      }
    } / 100
  }

  static func refetchTime(_ transport: any Transport) throws -> Double {
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(HashedPage(), policy: .networkOnly)
    let seconds = try Clock.median(runs: refetches) {
      try StoreBench.blocking { await handle.refetch() }
    }
    guard handle.phase.data != nil, handle.fetch == .idle else {
      throw BenchError(description: "the fetch did not succeed: \(handle.fetch)")
    }
    return seconds
  }
}
