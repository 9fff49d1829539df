import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import BatonTransport
import StoreTestOperations
import TestPrerequisites
import Testing

/// Subscriptions over the older `graphql-ws` subprotocol (subscriptions-transport-ws's),
/// which the loopback server speaks when a client asks for it: events in order, a clean end,
/// a refused init, reconnection after the server drops every socket, and a server whose
/// keep-alives stop.
@Suite(.serialized, .requires(.testServer)) struct LegacyWebSocketTests {
  static let shared = SharedServer()

  static func fresh() async throws -> TestServer {
    try await shared.freshWithSocketsClosed(within: SubscriptionTests.patience)
  }

  static func environment(_ server: TestServer, keepAlive: Duration? = .seconds(30)) -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      subscriptionTransport: GraphQLWebSocketTransport(
        endpoint: server.webSocketURL, backoff: ReconnectBackoff(initialDelay: .milliseconds(200), jitter: 0),
        keepAlive: keepAlive, protocol: .subscriptionsTransportWS))
  }

  @Test func eventsArriveInOrderAndDroppingTheHandleStopsIt() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    var subscription: SubscriptionHandle<CharacterUpdatedSubscription>? = environment.subscribe(
      CharacterUpdatedSubscription(id: "1"))
    if let subscription {
      try await SubscriptionTests.running(subscription, on: server)
      let payloads = subscription.payloads
      for name in ["Rick I", "Rick II", "Rick III"] {
        try await server.control(["command": "publish", "key": "Character:1", "set": ["name": .string(name)]])
      }
      let names = try await payloads.prefix(through: { $0.characterUpdated.name == "Rick III" }, within: SubscriptionTests.patience)
        .map(\.characterUpdated.name)
      #expect(names == ["Rick I", "Rick II", "Rick III"])
    }
    subscription = nil
    try await eventually("stopped on the server and the socket closed", within: SubscriptionTests.patience) {
      let sockets = try await server.sockets()
      return sockets["active"]?.intValue == 0 && sockets["completed"] == ["1"] && sockets["open"]?.intValue == 0
    }
  }

  @Test func aRefusedInitFailsTheSubscription() async throws {
    let server = try await Self.fresh()
    try await server.control(["command": "rejectInit"])
    let subscription = Self.environment(server).subscribe(CharacterUpdatedSubscription(id: "1"))
    let last = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: SubscriptionTests.patience).last
    #expect(last?.fetch.failure?.kind == .http(status: 403))
    #expect(try await server.sockets()["subscribed"] == [])
  }

  @Test func anErrorEndsTheSubscriptionWithItsMessage() async throws {
    let server = try await Self.fresh()
    let subscription = Self.environment(server).subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    try await server.control(["command": "sendRaw", "text": #"{"type":"error","id":"1","payload":{"message":"gone"}}"#])
    let last = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: SubscriptionTests.patience).last
    #expect(last?.fetch.failure?.message == "gone")
  }

  @Test func aDroppedSocketReconnectsVisiblyAndEventsResume() async throws {
    let server = try await Self.fresh()
    let subscription = Self.environment(server).subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let stream = subscription.snapshots
    try await server.control(["command": "dropSockets"])
    _ = try await stream.prefix(through: { $0.fetch.isReconnecting }, within: SubscriptionTests.patience)
    _ = try await subscription.snapshots.prefix(through: { $0.fetch == .idle }, within: SubscriptionTests.patience)
    try await eventually("re-subscribed") { try await server.sockets()["subscribed"] == ["1", "1"] }

    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick again"]])
    #expect(try await payloads.prefix(through: { _ in true }).first?.characterUpdated.name == "Rick again")
  }

  /// The server sends `ka` every second; once they stop, two silent intervals give the
  /// socket up, and the subscription comes back on a new one.
  @Test func aServerWhoseKeepAlivesStopIsGivenUp() async throws {
    let server = try await Self.fresh()
    let subscription = Self.environment(server, keepAlive: .milliseconds(1500)).subscribe(
      CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let stream = subscription.snapshots
    try await server.control(["command": "stallSockets"])
    _ = try await stream.prefix(through: { $0.fetch.isReconnecting }, within: SubscriptionTests.patience)
    try await eventually("re-subscribed on a new socket", within: SubscriptionTests.patience) {
      try await server.sockets()["subscribed"] == ["1", "1"]
    }
  }
}
