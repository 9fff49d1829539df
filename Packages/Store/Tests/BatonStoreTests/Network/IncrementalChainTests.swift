import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import BatonTransport
import EndToEndOperations
import Testing

/// `@defer` through a request chain: its parts see the initial payload as the reply, so a
/// retry, a token refresh and a persisted query work as for a whole reply, and the later
/// payloads still arrive: the fragment reads pending, then ready, with nothing missing.
@Suite(.serialized, .taped) struct IncrementalChainTests {
  static let shared = SharedServer()

  static func deferredDetails(through parts: [any TransportPart], on server: TestServer) async throws
    -> (GraphQLEnvironment, [OperationSnapshot<EndToEnd.DeferredDetailsQuery.Data>])
  {
    let http = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(20))
    let environment = GraphQLEnvironment(transport: TransportChain(parts, to: http))
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let snapshots = try await handle.snapshots(until: { $0.phase.data?.character?.details.value != nil })
    #expect(snapshots.contains { $0.phase.data?.character?.details == .pending })
    #expect(snapshots.last?.phase.data?.character?.details.value?.species == "Human")
    IncrementalDeliveryTests.expectNothingMissing(environment)
    return (environment, snapshots)
  }

  @Test func aTryThatFailedBeforeItsFirstPayloadIsRetried() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 503, "count": 1], ["command": "delayIncrements", "ms": 300])
    let (_, snapshots) = try await Self.deferredDetails(
      through: [RetryPart(initialDelay: .milliseconds(20), jitter: 0)], on: server)
    #expect(snapshots.contains { if case .retrying(attempt: 2, _) = $0.fetch { true } else { false } })
    #expect(try await server.requestCount(operationName: "DeferredDetails") == 2)
  }

  @Test func aRefreshedTokenAndAPersistedQueryGoWithTheRequest() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(
      ["command": "auth", "token": "token-0"], ["command": "expireTokens"],
      ["command": "persistedQueries", "mode": "automatic"], ["command": "delayIncrements", "ms": 300])
    let tokens = ServerTokens(server: server, token: "token-0")
    _ = try await Self.deferredDetails(through: [AuthPart(tokens: tokens), PersistedQueryPart(.automatic)], on: server)
    #expect(tokens.refreshes == 1)
    #expect(try await server.network()["persistedMisses"]?.intValue == 1)
    let sent = try await server.recentRequests().map { ($0["headers"]?["Authorization"]?.stringValue, $0["body"]?["query"] != nil) }
    // The expired token; the new one with the hash alone (a miss); the new one with the text.
    #expect(sent.map(\.0) == ["Bearer token-0", "Bearer token-1", "Bearer token-1"])
    #expect(sent.map(\.1) == [false, false, true])
  }
}
