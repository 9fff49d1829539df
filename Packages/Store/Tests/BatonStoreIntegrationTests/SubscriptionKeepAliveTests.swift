import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import BatonTransport
import StoreTestOperations
import TestPrerequisites
import Testing

/// A WebSocket whose network died without a close frame: the keep-alive's ping goes
/// unanswered, the transport gives the socket up, shows the gap as `reconnecting` and
/// re-subscribes on a new one, where events arrive again.
@Suite(.serialized, .requires(.testServer)) struct SubscriptionKeepAliveTests {
  static let shared = SharedServer()

  @Test func aSilentSocketIsGivenUpAndTheSubscriptionComesBack() async throws {
    let server = try await Self.shared.fresh()
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      subscriptionTransport: GraphQLWebSocketTransport(
        endpoint: server.webSocketURL, backoff: ReconnectBackoff(initialDelay: .milliseconds(100), jitter: 0),
        keepAlive: .milliseconds(300)))
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let stream = subscription.snapshots
    try await server.control(["command": "stallSockets"])
    let down = try await stream.prefix(through: { $0.fetch.isReconnecting }, within: SubscriptionTests.patience)
    #expect(down.last?.fetch.isReconnecting == true)
    _ = try await subscription.snapshots.prefix(through: { $0.fetch == .idle }, within: SubscriptionTests.patience)
    try await eventually("re-subscribed on a new socket") {
      try await server.sockets()["subscribed"] == ["1", "1"]
    }

    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick again"]])
    #expect(try await payloads.prefix(through: { _ in true }).first?.characterUpdated.name == "Rick again")
  }
}
