import BatonNormalizer
@_spi(BatonDevelopment) @testable import BatonStore
import BatonTestServer
import BatonTesting
@testable import BatonTransport
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// Subscriptions over graphql-transport-ws against the loopback server: events in the
/// store, auth, reconnection and completion.
@Suite(.serialized, .requires(.testServer)) struct SubscriptionTests {
  static let shared = SharedServer()
  /// Reconnection waits on backoff timers and new connections: generous, for a loaded machine.
  static let patience = Duration.seconds(30)

  static func environment(
    _ server: TestServer, params: @escaping @Sendable () async throws -> JSONValue? = { nil },
    backoff: ReconnectBackoff = ReconnectBackoff(initialDelay: .milliseconds(300), jitter: 0)
  ) -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      subscriptionTransport: GraphQLWebSocketTransport(
        endpoint: server.webSocketURL, connectionParams: params, backoff: backoff))
  }

  static func fresh() async throws -> TestServer {
    try await shared.freshWithSocketsClosed(within: patience)
  }

  /// Waits until the subscription runs on the server (its `subscribe` arrived there).
  static func running<S>(_ handle: SubscriptionHandle<S>, on server: TestServer, active: Int = 1) async throws {
    _ = try await handle.snapshots.prefix(through: { $0.fetch == .idle }, within: patience)
    try await eventually("the server runs \(active) subscription(s)", within: patience) {
      try await server.sockets()["active"]?.intValue == active
    }
  }

  @Test func eventsUpdateOnlyTheHandlesThatReadTheChangedRecord() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await rick.settledData(within: Self.patience)
    try await morty.settledData(within: Self.patience)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    let (rickReads, mortyReads) = (rick.readCount, morty.readCount)

    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick II"]])
    let first = try await payloads.prefix(through: { _ in true }).first
    #expect(first?.characterUpdated.name == "Rick II")
    #expect(subscription.latest?.characterUpdated.name == "Rick II")
    #expect(rick.phase.data?.character?.name == "Rick II")
    #expect(rick.readCount == rickReads + 1)
    #expect(morty.readCount == mortyReads)
    #expect(morty.phase.data?.character?.name == "Morty Smith")
    #expect(environment.log.events.allSatisfy { $0.kind != .missing })
    // The subscription's request is in the log, as every request the environment sends.
    #expect(environment.log.events.contains { $0.kind == .fetch("subscription") && $0.owner == .operation("CharacterUpdated") })
  }

  @Test func aMutationPublishesToTheSubscription() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: nil))
    try await Self.running(subscription, on: server)
    let snapshots = subscription.snapshots
    _ = try await environment.mutate(StoreTests.UpdateNameMutation(id: "2", name: "Morty II"))
    let seen = try await snapshots.prefix(through: { $0.eventCount == 1 })
    #expect(seen.last?.latest?.characterUpdated == .init(id: "2", name: "Morty II", species: "Human", type: nil))
  }

  @Test func aFieldErrorInAnEventIsStoredBesideItsField() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let snapshots = subscription.snapshots
    try await server.control(["command": "publish", "key": "Character:1"])
    let last = try await snapshots.prefix(through: { $0.eventCount == 1 }).last
    #expect(last?.fieldErrors.map(\.record) == ["Character:1"])
    // The same error from the store: a query read afterwards sees it beside the field.
    let stored = environment.records["Character:1"]?.fields["type"]
    #expect(stored?.errors.map(\.message) == ["type unavailable"])
  }

  @Test func connectionInitCarriesTheAuthPayload() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server, params: { ["token": "secret"] })
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    #expect(try await server.sockets()["inits"] == [["token": "secret"]])
  }

  @Test func aRejectedConnectionInitFailsTheSubscription() async throws {
    let server = try await Self.fresh()
    try await server.control(["command": "rejectInit"])
    let environment = Self.environment(server, params: { ["token": "expired"] })
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    let last = try await subscription.snapshots.prefix(through: { $0.isFinished }).last
    #expect(last?.fetch.failure?.kind == .http(status: 403))
    #expect(try await server.sockets()["subscribed"] == [])
  }

  @Test func aDroppedSocketReconnectsResubscribesAndShowsTheGap() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    let downStream = subscription.snapshots
    // The first attempt after the drop is refused too, so the gap spans two attempts.
    try await server.control(["command": "refuseSockets", "count": 1], ["command": "dropSockets"])
    let down = try await downStream.prefix(through: { $0.fetch.isReconnecting }, within: Self.patience)
    let back = try await subscription.snapshots.prefix(through: { $0.fetch == .idle }, within: Self.patience)
    var gaps: [(since: Date, attempt: Int)] = []
    for snapshot in down + back {
      guard case .reconnecting(let since, let attempt) = snapshot.fetch, gaps.last?.attempt != attempt else { continue }
      gaps.append((since, attempt))
    }
    #expect(gaps.map(\.1) == [1, 2])
    #expect(Set(gaps.map(\.0)).count == 1)
    try await eventually("re-subscribed") { try await server.sockets()["active"]?.intValue == 1 }
    #expect(try await server.sockets()["subscribed"] == ["1", "1"])

    let payloads = subscription.payloads
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick again"]])
    #expect(try await payloads.prefix(through: { _ in true }).first?.characterUpdated.name == "Rick again")
  }

  @Test func droppingTheLastHandleCompletesTheSubscriptionOnTheServer() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    var subscription: SubscriptionHandle<CharacterUpdatedSubscription>? = environment.subscribe(
      CharacterUpdatedSubscription(id: "1"))
    if let subscription {
      try await Self.running(subscription, on: server)
      let payloads = subscription.payloads
      try await server.control(["command": "publish", "key": "Character:1"])
      _ = try await payloads.prefix(through: { _ in true })
    }
    #expect(environment.records.records.keys.contains { $0.rawValue.hasPrefix("client:subscription:") })
    subscription = nil
    try await eventually("completed on the server", within: Self.patience) {
      let sockets = try await server.sockets()
      return sockets["active"]?.intValue == 0 && sockets["completed"] == ["1"] && sockets["open"]?.intValue == 0
    }
    try await eventually("the subscription's root record is gone") {
      !environment.records.records.keys.contains { $0.rawValue.hasPrefix("client:subscription:") }
    }
  }

  /// The connection of an environment that ran one operation to its end and was dropped.
  static func connectionOfAFinishedOperation(_ server: TestServer) async throws -> TransportWSConnection {
    let transport = GraphQLWebSocketTransport(endpoint: server.webSocketURL)
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL), subscriptionTransport: transport)
    let operation = environment.subscribe(CharacterDetail(id: "1"))
    _ = try await operation.snapshots.prefix(through: { $0.isFinished }, within: patience)
    return transport.connection
  }

  @Test func theSocketClosesAfterTheServerCompletesTheLastOperation() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    // The server answers a query over the socket with one `next` and its `complete`.
    let operation = environment.subscribe(CharacterDetail(id: "1"))
    let last = try await operation.snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.latest?.character?.name == "Rick Sanchez")
    try await eventually("the socket is closed", within: Self.patience) { try await server.sockets()["open"]?.intValue == 0 }
  }

  @Test func theSocketClosesAfterAnErrorEndsTheLastSubscription() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    try await server.control(["command": "sendRaw", "text": #"{"type":"error","id":"1","payload":[{"message":"gone"}]}"#])
    let last = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.fetch.failure?.message == "gone")
    try await eventually("the socket is closed", within: Self.patience) { try await server.sockets()["open"]?.intValue == 0 }
  }

  @Test func nothingOfTheConnectionOutlivesTheEnvironment() async throws {
    let server = try await Self.fresh()
    weak let connection = try await Self.connectionOfAFinishedOperation(server)
    try await eventually("the connection and its task are gone", within: Self.patience) { connection == nil }
    // The server hears of the close a moment after the client's side is gone.
    try await eventually("the server's socket is closed", within: Self.patience) {
      try await server.sockets()["open"]?.intValue == 0
    }
  }

  @Test(arguments: ["not json", "[1, 2]", #"{"type": "surprise"}"#, #"{"id": "1"}"#])
  func aServerBreakingTheProtocolFailsTheSubscriptionWithoutACrash(_ text: String) async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await Self.running(subscription, on: server)
    try await server.control(["command": "sendRaw", "text": .string(text)])
    let last = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.fetch.failure?.kind == .malformed)
    try await eventually("the socket is closed", within: Self.patience) { try await server.sockets()["open"]?.intValue == 0 }
  }

  @Test func subscriptionsShareOneSocket() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let first = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    let second = environment.subscribe(CharacterUpdatedSubscription(id: "2"))
    try await Self.running(first, on: server, active: 2)
    try await Self.running(second, on: server, active: 2)
    #expect(try await server.sockets()["open"]?.intValue == 1)
  }

  @Test func withoutASubscriptionTransportTheHandleFails() {
    let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: URL(fileURLWithPath: "/nonexistent")))
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    #expect(subscription.snapshot.isFinished)
    #expect(subscription.fetch.failure?.kind == .transport)
  }
}
