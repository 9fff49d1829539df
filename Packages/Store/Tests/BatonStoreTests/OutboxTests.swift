import BatonImage
import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTransport
import Foundation
import StoreTestOperations
import Testing

/// The outbox: mutations made offline are kept in the image with their optimistic layers,
/// replayed in order when the network is back (at the next launch too), and each settles
/// with a state the app can read.
@Suite(.serialized, .taped) struct OutboxTests {
  static let shared = SharedServer()

  /// An environment of an app that renames characters through the outbox, saving its image
  /// at `url`; while `reachability` is offline every request fails at once in transit.
  static func app(_ server: TestServer, reachability: ManualReachability, image url: URL) throws -> GraphQLEnvironment {
    let http = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30))
    return GraphQLEnvironment(
      transport: TransportChain([OfflinePart(reachability: reachability, policy: .failFast)], to: http),
      persistence: try FileImage(at: url), reachability: reachability,
      outboxMutations: [StoreTests.UpdateNameMutation.self])
  }

  /// Waits until the outbox is as `done` says, or fails after 30 seconds (the machine may be busy).
  static func outbox(
    of environment: GraphQLEnvironment, until done: ([OutboxEntry]) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !done(environment.outbox) {
      guard ContinuousClock.now < deadline else {
        Issue.record("The outbox stayed \(environment.outbox.map(\.state))", sourceLocation: sourceLocation)
        return
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  static func name(of id: RecordID, in environment: GraphQLEnvironment) -> JSONValue? {
    guard case .scalar(let name)? = environment.records[id]?["name"]?.value else { return nil }
    return name
  }

  @Test func threeMutationsMadeOfflineAreReplayedInOrderAfterARelaunchAndARejectedOneRollsBack() async throws {
    let server = try await Self.shared.fresh()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-outbox-\(UUID().uuidString)/image")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    // The second names a character the server does not have: it rejects it.
    let renames = [
      ("rick", StoreTests.UpdateNameMutation(id: "1", name: "Outbox Rick")),
      ("nobody", StoreTests.UpdateNameMutation(id: "999", name: "Nobody")),
      ("morty", StoreTests.UpdateNameMutation(id: "2", name: "Outbox Morty")),
    ]
    weak var first: GraphQLEnvironment?
    do {
      let offline = ManualReachability(isOnline: false)
      let environment = try Self.app(server, reachability: offline, image: url)
      first = environment
      for (clientID, rename) in renames {
        let optimistic = StoreTests.UpdateNameMutation(id: rename.id, name: "\(rename.name) (sending)")
        try environment.enqueue(rename, optimisticResponse: optimistic.optimisticResponse, clientID: clientID)
      }
      try await Self.outbox(of: environment, until: { $0.allSatisfy { $0.state == .queued } })
      #expect(Self.name(of: "Character:1", in: environment) == "Outbox Rick (sending)")
      environment.flush()
    }
    // Its replay's task holds it until the try it started fails: then no save of it is left.
    let deadline = ContinuousClock.now + .seconds(30)
    while first != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(first == nil)
    #expect(try await server.requests()["total"]?.intValue == 0, "nothing reached the server offline")

    // The relaunch is offline too: its replay at launch fails in transit, the entries wait
    // and their layers show.
    let reachability = ManualReachability(isOnline: false)
    let relaunched = try Self.app(server, reachability: reachability, image: url)
    try await Self.outbox(of: relaunched, until: { $0.allSatisfy { $0.state == .queued } })
    #expect(relaunched.outbox.map(\.id) == ["rick", "nobody", "morty"])
    #expect(relaunched.outbox.map(\.variables) == renames.map(\.1.variables))
    #expect(Self.name(of: "Character:1", in: relaunched) == "Outbox Rick (sending)")
    #expect(Self.name(of: "Character:999", in: relaunched) == "Nobody (sending)")
    #expect(Self.name(of: "Character:2", in: relaunched) == "Outbox Morty (sending)")

    reachability.setOnline(true)
    try await Self.outbox(of: relaunched, until: { $0.allSatisfy { !$0.state.isPending } })
    let states = relaunched.outbox.map(\.state)
    #expect(states.count == 3 && states.first == .confirmed && states.last == .confirmed)
    guard case .rejected(let errors) = states[1] else {
      Issue.record("the rename of a character the server does not have is \(states[1])")
      return
    }
    #expect(errors.map(\.message) == ["No character with id '999'."])
    #expect(Self.name(of: "Character:1", in: relaunched) == "Outbox Rick", "the server's answer replaced the layer")
    #expect(relaunched.records["Character:1"]?["species"]?.value == .scalar("Human"))
    #expect(Self.name(of: "Character:2", in: relaunched) == "Outbox Morty")
    #expect(relaunched.records["Character:999"] == nil, "the rejected mutation's layer is gone")

    // The server saw each once, in the order they were made, with its client id.
    guard case .array(let recent)? = try await server.requests()["recent"] else {
      Issue.record("the server lists no requests")
      return
    }
    #expect(recent.compactMap { $0["body"]?["variables"]?["id"]?.stringValue } == ["1", "999", "2"])
    #expect(recent.compactMap { $0["body"]?["extensions"]?["clientMutationId"]?.stringValue } == ["rick", "nobody", "morty"])

    // Settled entries are not kept: the next launch has nothing to send.
    relaunched.flush()
    let third = try Self.app(server, reachability: ManualReachability(isOnline: true), image: url)
    #expect(third.outbox.isEmpty)
    #expect(third.records["Character:999"] == nil)
  }

  /// The server applies the rename but the connection drops halfway through its reply: the
  /// entry stays queued, and its replay carries the same client id, so a server that keeps
  /// ids can tell the two tries are one mutation.
  @Test func aReplyLostOnTheWayLeavesTheEntryQueuedAndItsReplayCarriesTheSameClientID() async throws {
    let server = try await Self.shared.fresh()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-outbox-\(UUID().uuidString)/image")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try await server.control(["command": "drop", "when": "midBody", "count": 1])
    let environment = try Self.app(server, reachability: ManualReachability(isOnline: true), image: url)
    let rename = StoreTests.UpdateNameMutation(id: "1", name: "Outbox Rick")
    try environment.enqueue(rename, optimisticResponse: rename.optimisticResponse, clientID: "rick")
    // Queued again once the server has it: the try failed.
    let deadline = ContinuousClock.now + .seconds(30)
    while try await server.requestCount(operationName: "UpdateName") < 1 || environment.outbox.first?.state != .queued,
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(environment.outbox.map(\.state) == [.queued])
    #expect(try await server.requestCount(operationName: "UpdateName") == 1)
    #expect(Self.name(of: "Character:1", in: environment) == "Outbox Rick", "the layer stays")

    environment.sendOutbox()
    try await Self.outbox(of: environment, until: { $0.first?.state == .confirmed })
    guard case .array(let recent)? = try await server.requests()["recent"] else {
      Issue.record("the server lists no requests")
      return
    }
    #expect(recent.compactMap { $0["body"]?["extensions"]?["clientMutationId"]?.stringValue } == ["rick", "rick"])
  }
}
