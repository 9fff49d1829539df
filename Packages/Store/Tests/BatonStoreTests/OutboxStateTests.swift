import BatonNormalizer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing
@testable import BatonStore

/// The outbox's rules without a server: cancelling, client ids, which failures keep an
/// entry queued, mutations left out of it, a reset, entries the environment cannot
/// replay, and the invariants that check it.
@Suite struct OutboxStateTests {
  static let rename = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")

  static func renamed(_ name: String) -> JSONValue {
    ["updateCharacterName": ["__typename": "Character", "id": "1", "name": .string(name), "species": "Human", "type": .null]]
  }

  /// Waits until no replay runs and `done` holds of the outbox, or fails after 30 seconds (the machine may be busy).
  static func settle(
    _ environment: GraphQLEnvironment, until done: ([OutboxEntry]) -> Bool = { _ in true },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while environment.state.withLock({ $0.outbox.isSending }) || !done(environment.outbox) {
      guard ContinuousClock.now < deadline else {
        Issue.record("The outbox stayed \(environment.outbox.map(\.state))", sourceLocation: sourceLocation)
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  static func name(in environment: GraphQLEnvironment) -> RecordValue? {
    environment.records["Character:1"]?["name"]?.value
  }

  @Test func aQueuedEntryIsCancelledWithItsLayerAndNeverSentAgain() async throws {
    let transport = ScriptedTransport()  // unscripted: every try fails in transit
    let environment = GraphQLEnvironment(transport: transport)
    try environment.enqueue(Self.rename, optimisticResponse: Self.rename.optimisticResponse, clientID: "a")
    try await Self.settle(environment)
    #expect(environment.outbox.map(\.state) == [.queued])
    #expect(Self.name(in: environment) == .scalar("Pickle Rick"))
    #expect(environment.cancelOutboxEntry("a"))
    #expect(environment.outbox.isEmpty)
    #expect(environment.records["Character:1"] == nil, "its layer went with it")
    environment.sendOutbox()
    try await Self.settle(environment)
    #expect(transport.requestCount(operationName: "UpdateName") == 1)
    #expect(!environment.cancelOutboxEntry("a"))
  }

  @Test func enqueuingAClientIDTheOutboxHoldsChangesNothing() async throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.enqueue(Self.rename, optimisticResponse: Self.rename.optimisticResponse, clientID: "a")
    let other = StoreTests.UpdateNameMutation(id: "1", name: "Other Rick")
    try environment.enqueue(other, optimisticResponse: other.optimisticResponse, clientID: "a")
    try await Self.settle(environment)
    #expect(environment.outbox.map(\.variables) == [Self.rename.variables])
    #expect(Self.name(in: environment) == .scalar("Pickle Rick"))
  }

  @Test func aBusyServerLeavesTheEntryQueuedUntilTheAppRetries() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.httpStatus(503))
    transport.enqueue(.data(Self.renamed("Pickle Rick")))
    let environment = GraphQLEnvironment(transport: transport)
    try environment.enqueue(Self.rename, clientID: "a")
    try await Self.settle(environment)
    #expect(environment.outbox.map(\.state) == [.queued])
    environment.sendOutbox()
    try await Self.settle(environment, until: { $0.first?.state == .confirmed })
    #expect(Self.name(in: environment) == .scalar("Pickle Rick"))
    #expect(transport.requests.map { $0.extensions?["clientMutationId"] } == ["a", "a"], "the same id with each try")
  }

  /// The network comes back (or the app retries) while a try is failing: the replay goes
  /// on after that failure instead of stopping with nobody left to start it.
  @Test func aReplayAskedForDuringAFailingTryTriesAgain() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.delayed(.milliseconds(200), .transportError("the device is offline")))
    transport.enqueue(.data(Self.renamed("Pickle Rick")))
    let environment = GraphQLEnvironment(transport: transport)
    try environment.enqueue(Self.rename, clientID: "a")
    environment.sendOutbox()
    try await Self.settle(environment, until: { $0.first?.state == .confirmed })
    #expect(transport.requestCount(operationName: "UpdateName") == 2)
  }

  @Test func aRefusalWithoutAGraphQLBodyRejects() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.httpStatus(400))
    let environment = GraphQLEnvironment(transport: transport)
    try environment.enqueue(Self.rename, optimisticResponse: Self.rename.optimisticResponse, clientID: "a")
    try await Self.settle(environment, until: { $0.first?.state.isPending == false })
    guard case .rejected(let errors)? = environment.outbox.first?.state else {
      Issue.record("the entry is \(environment.outbox)")
      return
    }
    #expect(errors.first?.message.contains("400") == true)
    #expect(environment.records["Character:1"] == nil)
  }

  @Test func aMutationNotEnqueuedFailsOnATransportErrorAsBefore() async throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    await #expect(throws: OperationError.self) {
      _ = try await environment.mutate(Self.rename, optimisticResponse: Self.rename.optimisticResponse)
    }
    #expect(environment.outbox.isEmpty)
    #expect(environment.records["Character:1"] == nil)
  }

  @Test func aResetEmptiesTheOutbox() async throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.enqueue(Self.rename, optimisticResponse: Self.rename.optimisticResponse, clientID: "a")
    try await Self.settle(environment)
    environment.reset()
    #expect(environment.outbox.isEmpty)
    #expect(environment.records["Character:1"] == nil)
  }

  /// An entry whose operation the environment does not name cannot have its reply
  /// written: it waits, with those after it, and shows its layer meanwhile.
  @Test func anEntryOfAnOperationTheEnvironmentDoesNotNameWaits() async throws {
    let transport = ScriptedTransport(unscripted: .data(Self.renamed("Pickle Rick")))
    let layer = RecordSource([StoreRecord(id: "Character:1", typename: "Character", fields: ["name": RecordField(.scalar("Waiting Rick"))])])
    let entry = OutboxEntry(
      id: "a", operationID: StoreTests.UpdateNameMutation.operationID, operationName: "UpdateName",
      document: StoreTests.UpdateNameMutation.document, variables: Self.rename.variables, optimisticRecords: layer)
    let persistence = MemoryPersistence(StoreImage(outbox: [entry]))
    let unnamed = GraphQLEnvironment(transport: transport, persistence: persistence)
    try await Self.settle(unnamed)
    #expect(unnamed.outbox.map(\.state) == [.queued])
    #expect(Self.name(in: unnamed) == .scalar("Waiting Rick"))
    #expect(transport.requests.isEmpty)

    let named = GraphQLEnvironment(
      transport: transport, persistence: persistence, outboxMutations: [StoreTests.UpdateNameMutation.self])
    try await Self.settle(named, until: { $0.first?.state == .confirmed })
    #expect(Self.name(in: named) == .scalar("Pickle Rick"))
    #expect(persistence.image?.outbox == [], "a settled entry leaves the image")
  }

  // MARK: Invariants

  static func entry(_ id: String, _ state: OutboxState = .queued, layered: Bool = true) -> OutboxEntry {
    let records = RecordSource([StoreRecord(id: RecordID("Thing:\(id)"), fields: ["name": RecordField(.scalar("optimistic"))])])
    return OutboxEntry(
      id: id, operationID: "m", operationName: "M", document: "mutation M { m }", variables: [:],
      optimisticRecords: layered ? records : RecordSource(), state: state)
  }

  static func state(_ image: StoreImage? = nil) -> StoreState {
    StoreState(image: image, staleAfter: nil, persists: false, releaseBufferSize: 10)
  }

  static func broken(_ state: StoreState) -> Set<StoreState.Invariant> {
    Set(state.invariantViolations().map(\.invariant))
  }

  @Test func aLoadedOutboxShowsItsLayersAndKeepsTheRules() {
    let state = Self.state(StoreImage(outbox: [Self.entry("a", .sending), Self.entry("b", layered: false), Self.entry("c")]))
    #expect(state.outbox.entries.map(\.state) == [.queued, .queued, .queued], "one on its way when the app stopped goes again")
    #expect(state.visible["Thing:a"] != nil && state.visible["Thing:c"] != nil)
    #expect(state.invariantViolations().isEmpty)
  }

  @Test func aPendingEntryWithoutItsLayer() {
    var state = Self.state()
    state.outbox.append(Self.entry("a"), layer: nil)
    state.sinceCheck.outbox = true
    #expect(Self.broken(state) == [.outboxLayersShown])
  }

  @Test func aSettledEntryKeepingItsLayer() {
    var state = Self.state()
    let entry = Self.entry("a", .confirmed)
    let layer = state.addLayer(entry.optimisticRecords).id
    state.outbox.append(entry, layer: layer)
    state.sinceCheck.outbox = true
    #expect(Self.broken(state) == [.outboxLayersShown])
  }

  @Test func twoEntriesOnTheirWay() {
    var state = Self.state()
    state.outbox.append(Self.entry("a", .sending, layered: false), layer: nil)
    state.outbox.append(Self.entry("b", .sending, layered: false), layer: nil)
    state.outbox.isSending = true
    state.sinceCheck.outbox = true
    #expect(Self.broken(state) == [.outboxSendsOneAtATime])
  }
}
