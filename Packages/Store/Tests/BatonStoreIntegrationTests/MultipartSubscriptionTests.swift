import BatonNormalizer
@_spi(BatonDevelopment) @testable import BatonStore
import BatonTestServer
import BatonTesting
@testable import BatonTransport
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// Subscriptions over multipart HTTP (Apollo's protocol) against the loopback server: the
/// same store semantics, reconnection and completion as over a socket or SSE, with the
/// protocol's heartbeats and transport-level errors.
@Suite(.serialized, .requires(.testServer)) struct MultipartSubscriptionTests {
  static let shared = SharedServer()
  /// Reconnection waits on backoff timers and new connections: generous, for a loaded machine.
  static let patience = Duration.seconds(30)

  static func transport(_ server: TestServer) -> GraphQLMultipartSubscriptionTransport {
    GraphQLMultipartSubscriptionTransport(
      endpoint: server.graphQLURL, headers: { ["Authorization": "Bearer multipart"] },
      backoff: ReconnectBackoff(initialDelay: .milliseconds(300), jitter: 0))
  }

  static func environment(_ server: TestServer) -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      subscriptionTransport: transport(server))
  }

  static func fresh() async throws -> TestServer {
    try await shared.freshWithSocketsClosed(within: patience)
  }

  @Test func eventsReachTheStoreInOrderAndTheAcceptNamesTheSpec() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await rick.settledData(within: Self.patience)
    try await morty.settledData(within: Self.patience)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let mortyReads = morty.readCount
    // An event carries only the record's key and the server reads its fields as it sends the
    // event, so each rename is awaited before the next.
    var names: [String] = []
    for name in ["Rick I", "Rick II"] {
      let payloads = subscription.payloads
      try await server.control(["command": "publish", "key": "Character:1", "set": ["name": .string(name)]])
      names += try await payloads.prefix(through: { _ in true }, within: Self.patience).map(\.characterUpdated.name)
    }
    #expect(names == ["Rick I", "Rick II"])
    #expect(rick.phase.data?.character?.name == "Rick II")
    #expect(morty.readCount == mortyReads)
    guard case .array(let recent)? = try await server.requests()["recent"] else { throw TimedOut(description: "no requests") }
    let sent = recent.last { $0["body"]?["operationName"] == "CharacterUpdated" }
    #expect(sent?["headers"]?["Authorization"] == "Bearer multipart")
    #expect(sent?["headers"]?["Accept"] == #"multipart/mixed;subscriptionSpec="1.0", application/json"#)
  }

  @Test func theServerCompletingTheSubscriptionEndsItCleanly() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let snapshots = subscription.snapshots
    try await server.control(
      ["command": "publish", "key": "Character:1", "set": ["name": "Rick, last"]], ["command": "completeSubscriptions"])
    let last = try await snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.fetch.failure == nil)
    #expect(last?.latest?.characterUpdated.name == "Rick, last")
    try await eventually("the stream is closed", within: Self.patience) {
      let sockets = try await server.sockets()
      return sockets["active"]?.intValue == 0 && sockets["open"]?.intValue == 0
    }
  }

  @Test func heartbeatsAreNotEvents() async throws {
    let server = try await Self.fresh()
    try await server.control(["command": "multipartHeartbeat", "ms": 20])
    let events = Self.transport(server).subscribe(
      GraphQLRequest(query: #"subscription { characterUpdated(id: "1") { id name } }"#, operationName: nil))
    let collected = Task { try await events.reduce(into: [SubscriptionEvent]()) { $0.append($1) } }
    try await eventually("the server runs the subscription", within: Self.patience) {
      try await server.sockets()["active"]?.intValue == 1
    }
    try await Task.sleep(for: .milliseconds(300))
    try await server.control(
      ["command": "publish", "key": "Character:1", "set": ["name": "Rick between beats"]],
      ["command": "completeSubscriptions"])
    let all = try await withThrowingTaskGroup(of: [SubscriptionEvent].self) { group in
      group.addTask { try await collected.value }
      group.addTask {
        try await Task.sleep(for: Self.patience)
        collected.cancel()
        throw TimedOut(description: "the subscription did not end")
      }
      defer { group.cancelAll() }
      return try await group.next() ?? []
    }
    let event = #"{"data":{"characterUpdated":{"id":"1","name":"Rick between beats"}}}"#
    #expect(all == [.connected, .next(Array(event.utf8))])
  }

  @Test func aTransportLevelErrorEndsTheSubscriptionWithIt() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let snapshots = subscription.snapshots
    try await server.control(["command": "sendRaw", "text": #"{"payload":null,"errors":[{"message":"subgraph gone"}]}"#])
    let last = try await snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.fetch.failure?.message == "subgraph gone")
    try await eventually("the client closed the stream", within: Self.patience) {
      let sockets = try await server.sockets()
      return sockets["active"]?.intValue == 0 && sockets["open"]?.intValue == 0
    }
    #expect(try await server.sockets()["subscribed"] == ["multipart:CharacterUpdated"])
  }

  @Test func aDroppedStreamReconnectsAndShowsTheGap() async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let downStream = subscription.snapshots
    // The first attempt after the drop is refused too, so the gap spans two attempts.
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

  @Test func aServerRestartIsAReconnectionTheHandleShows() async throws {
    let first = try await TestServer.start()
    let environment = Self.environment(first)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: first)
    let downStream = subscription.snapshots
    first.stop()
    _ = try await downStream.prefix(through: { $0.fetch.isReconnecting }, within: Self.patience)
    // The same port, so the transport's endpoint reaches the new process; the last `--port` wins.
    let second = try await TestServer.start(arguments: ["--port", String(first.port)])
    defer { second.stop() }
    _ = try await subscription.snapshots.prefix(through: { $0.fetch == .idle }, within: Self.patience)
    try await eventually("re-subscribed on the new server", within: Self.patience) {
      try await second.sockets()["active"]?.intValue == 1
    }
    let payloads = subscription.payloads
    try await second.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick, restarted"]])
    #expect(try await payloads.prefix(through: { _ in true }, within: Self.patience).first?.characterUpdated.name == "Rick, restarted")
  }

  @Test func droppingTheHandleEndsTheStreamOnTheServer() async throws {
    let server = try await Self.fresh()
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
    let server = try await Self.fresh()
    let events = Self.transport(server).subscribe(GraphQLRequest(query: "subscription { nope }", operationName: nil))
    await #expect(throws: TransportError(.http(status: 400), "")) {
      do {
        for try await _ in events {}
      } catch let error as TransportError {
        throw TransportError(error.kind, "")
      }
    }
  }

  @Test(arguments: ["not json", "[1]", #"{"payload": 3}"#, #"{"data": {}}"#])
  func aPartOutsideTheProtocolFailsTheSubscription(_ text: String) async throws {
    let server = try await Self.fresh()
    let environment = Self.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    let snapshots = subscription.snapshots
    try await server.control(["command": "sendRaw", "text": .string(text)])
    let last = try await snapshots.prefix(through: { $0.isFinished }, within: Self.patience).last
    #expect(last?.fetch.failure?.kind == .malformed)
  }
}
