import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import BatonTransport
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

#if !canImport(Darwin)
  /// `wss://` on Linux, against the loopback server serving TLS with a self-signed
  /// certificate: the WebSocket client here has no TLS, so the subscription fails at once
  /// saying so, instead of reconnecting to an endpoint it can never reach.
  @Suite(.requires(.testServer)) struct SecureWebSocketOnLinuxTests {
    @Test func aWSSEndpointFailsTheSubscriptionAtOnceSayingWhy() async throws {
      let server = try await TestServer.start(arguments: ["--tls"])
      let endpoint = try #require(URL(string: "wss://127.0.0.1:\(server.port)/graphql"))
      let environment = GraphQLEnvironment(
        transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
        subscriptionTransport: GraphQLWebSocketTransport(
          endpoint: endpoint, backoff: ReconnectBackoff(initialDelay: .milliseconds(300), jitter: 0)))
      let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
      let last = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: .seconds(10)).last
      let failure = try #require(last?.fetch.failure)
      #expect(failure.kind == .malformed)
      #expect(failure.message.contains("wss://127.0.0.1:\(server.port)/graphql"))
      #expect(failure.message.contains("no TLS"))
    }
  }
#endif
