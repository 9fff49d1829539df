import BatonNormalizer
@_spi(BatonDevelopment) @testable import BatonStore
import BatonTestServer
import BatonTesting
@testable import BatonTransport
import Foundation
import TestPrerequisites
import Testing

/// Subscriptions over GraphQL over SSE against the loopback server, for servers without
/// WebSockets: the same store semantics, reconnection and completion as over a socket.
@Suite(.serialized, .requires(.testServer)) struct SSESubscriptionTests {
  static let shared = SharedServer()
  /// Reconnection waits on backoff timers and new connections: generous, for a loaded machine.
  static let patience = Duration.seconds(30)

  static func environment(_ server: TestServer) -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      subscriptionTransport: GraphQLSSETransport(
        endpoint: server.graphQLURL, headers: { ["Authorization": "Bearer sse"] },
        backoff: ReconnectBackoff(initialDelay: .milliseconds(300), jitter: 0)))
  }

  @Test func eventsUpdateTheWatchedHandle() async throws {
    let server = try await Self.shared.fresh()
    let environment = Self.environment(server)
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await rick.settledData(within: Self.patience)
    try await morty.settledData(within: Self.patience)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let mortyReads = morty.readCount
    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick over SSE"]])
    #expect(try await payloads.prefix(through: { _ in true }).first?.characterUpdated.name == "Rick over SSE")
    #expect(rick.phase.data?.character?.name == "Rick over SSE")
    #expect(morty.readCount == mortyReads)
    guard case .array(let recent)? = try await server.requests()["recent"] else { throw TimedOut(description: "no requests") }
    let sent = recent.last { $0["body"]?["operationName"] == "CharacterUpdated" }
    #expect(sent?["headers"]?["Authorization"] == "Bearer sse")
    #expect(sent?["headers"]?["Accept"] == "text/event-stream")
  }

  @Test func aDroppedStreamReconnectsAndShowsTheGap() async throws {
    let server = try await Self.shared.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let downStream = subscription.snapshots
    try await server.control(["command": "refuseSockets", "count": 1], ["command": "dropSockets"])
    let down = try await downStream.prefix(through: { $0.fetch.isReconnecting }, within: Self.patience)
    let back = try await subscription.snapshots.prefix(through: { $0.fetch == .idle }, within: Self.patience)
    let attempts = (down + back).compactMap { snapshot -> Int? in
      if case .reconnecting(_, let attempt) = snapshot.fetch { return attempt }
      return nil
    }
    #expect(Array(Set(attempts)).sorted() == [1, 2])
    try await eventually("re-subscribed") { try await server.sockets()["active"]?.intValue == 1 }
    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick, back"]])
    #expect(try await payloads.prefix(through: { _ in true }).first?.characterUpdated.name == "Rick, back")
  }

  @Test func droppingTheHandleEndsTheStreamOnTheServer() async throws {
    let server = try await Self.shared.fresh()
    let environment = Self.environment(server)
    var subscription: SubscriptionHandle<CharacterUpdatedSubscription>? = environment.subscribe(
      CharacterUpdatedSubscription(id: "1"))
    if let subscription { try await SubscriptionTests.running(subscription, on: server) }
    subscription = nil
    try await eventually("the stream ended on the server", within: Self.patience) {
      let sockets = try await server.sockets()
      return sockets["active"]?.intValue == 0 && sockets["open"]?.intValue == 0
    }
  }

  @Test func anInvalidSubscriptionFailsWithItsHTTPStatus() async throws {
    let server = try await Self.shared.fresh()
    let transport = GraphQLSSETransport(endpoint: server.graphQLURL)
    let events = transport.subscribe(GraphQLRequest(query: "subscription { nope }", operationName: nil))
    await #expect(throws: TransportError(.http(status: 400), "")) {
      do {
        for try await _ in events {}
      } catch let error as TransportError {
        throw TransportError(error.kind, "")
      }
    }
  }
}
