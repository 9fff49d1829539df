import BatonNormalizer
@_spi(BatonDevelopment) @testable import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
@testable import BatonTransport
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// `@defer` and `@stream` against the loopback server (graphql-core's incremental
/// execution over `multipart/mixed`): a deferred fragment reads `.pending`, then `.ready`,
/// or `.failed` with its errors, the same from cache; a streamed list grows in order; and
/// none of it is missing data: nothing logs `missing`, nothing heals.
@Suite(.serialized, .taped) struct IncrementalDeliveryTests {
  static let shared = SharedServer()

  static func environment(_ server: TestServer) -> GraphQLEnvironment {
    GraphQLEnvironment(transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(20)))
  }

  /// Nothing in the log says the store lacked data or refetched to heal it.
  static func expectNothingMissing(_ environment: GraphQLEnvironment, sourceLocation: SourceLocation = #_sourceLocation) {
    let events = environment.log.events
    #expect(!events.contains { $0.kind == .missing }, "\(events)", sourceLocation: sourceLocation)
    #expect(!events.contains { $0.kind == .healRefetch }, "\(events)", sourceLocation: sourceLocation)
  }

  @Test func aDeferredFragmentReadsPendingThenReady() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delayIncrements", "ms": 400])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let first = try await handle.snapshots(until: { $0.phase.data != nil }).last?.phase.data?.character
    #expect(first?.name == "Rick Sanchez")
    #expect(first?.details == .pending)
    let ready = try await handle.snapshots(until: { $0.phase.data?.character?.details.value != nil }, within: .seconds(20))
    let details = try #require(ready.last?.phase.data?.character?.details.value)
    #expect(details.species == "Human")
    #expect(details.origin?.name == "Earth (C-137)")
    guard case .array(let recent)? = try await server.requests()["recent"] else { throw TimedOut(description: "no requests") }
    let sent = recent.last { $0["body"]?["operationName"] == "DeferredDetails" }
    #expect(sent?["headers"]?["Accept"] == .string(HTTPTransport.incrementalAccept))
    Self.expectNothingMissing(environment)
    #expect(environment.log.events.filter { $0.kind == .fetch("query") }.map(\.owner) == [.operation("DeferredDetails")])
  }

  @Test func anErrorInADeferredPayloadReadsFailedTheSameFromCache() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "no species"])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let failed = try await handle.snapshots(until: { snapshot in
      if case .failed? = snapshot.phase.data?.character?.details { return true }
      return false
    }, within: .seconds(20))
    guard case .failed(let errors)? = failed.last?.phase.data?.character?.details else { throw TimedOut(description: "not failed") }
    #expect(errors.map(\.message) == ["no species"])
    #expect(failed.last?.phase.data?.character?.name == "Rick Sanchez")

    let fromCache = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"), policy: .storeOnly)
    #expect(fromCache.phase.data?.character?.details == .failed(errors))
    Self.expectNothingMissing(environment)
  }

  @Test func fromCacheADeferredFragmentThatArrivedReadsReadyAtOnce() async throws {
    let server = try await Self.shared.fresh()
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    try await handle.snapshots(until: { $0.phase.data?.character?.details.value != nil }, within: .seconds(20))
    let fromCache = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"), policy: .storeOnly)
    #expect(fromCache.phase.data?.character?.details.value?.species == "Human")
    Self.expectNothingMissing(environment)
  }

  /// Without labels in the text the server's two `pending` entries would name the same path
  /// and nothing else, so the failure of one part could not be told from the other.
  @Test func twoUnlabelledDeferredFragmentsAtOnePathEachGetTheirOwnPayload() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "no species"])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.TwoDeferredPartsQuery(id: "1"))
    let settled = try await handle.snapshots(until: { snapshot in
      guard let character = snapshot.phase.data?.character else { return false }
      return !character.deferred.isPending && !character.deferred2.isPending
    }, within: .seconds(20))
    let character = try #require(settled.last?.phase.data?.character)
    guard case .failed(let errors) = character.deferred else { throw TimedOut(description: "species did not fail") }
    #expect(errors.map(\.message) == ["no species"])
    #expect(character.deferred2.value?.status == .alive)
    guard case .array(let recent)? = try await server.requests()["recent"] else { throw TimedOut(description: "no requests") }
    let sent = recent.last { $0["body"]?["operationName"] == "TwoDeferredParts" }
    guard case .string(let query)? = sent?["body"]?["query"] else { throw TimedOut(description: "no TwoDeferredParts request") }
    #expect(query.contains("@defer(label: \"query TwoDeferredParts #1\")"))
    #expect(query.contains("@defer(label: \"query TwoDeferredParts #2\")"))

    let fromCache = environment.watch(EndToEnd.TwoDeferredPartsQuery(id: "1"), policy: .storeOnly)
    #expect(fromCache.phase.data?.character?.deferred == character.deferred)
    #expect(fromCache.phase.data?.character?.deferred2.value?.status == .alive)
    Self.expectNothingMissing(environment)
  }

  @Test func deferIfFalseInlinesTheFragment() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delayIncrements", "ms": 400])
    let environment = Self.environment(server)
    let inline = environment.watch(EndToEnd.DeferredCardQuery(id: "1", deferred: false))
    let snapshots = try await inline.snapshots(until: { $0.phase.data != nil })
    let pendings = snapshots.filter { $0.phase.data?.character?.deferredCardFields.isPending == true }
    #expect(pendings.isEmpty)
    #expect(snapshots.last?.phase.data?.character?.deferredCardFields.value?.name == "Rick Sanchez")

    let deferred = environment.watch(EndToEnd.DeferredCardQuery(id: "2", deferred: true))
    let first = try await deferred.snapshots(until: { $0.phase.data != nil }).last?.phase.data?.character
    #expect(first?.deferredCardFields.isPending == true)
    let ready = try await deferred.snapshots(until: { $0.phase.data?.character?.deferredCardFields.value != nil }, within: .seconds(20))
    #expect(ready.last?.phase.data?.character?.deferredCardFields.value?.name == "Morty Smith")
    Self.expectNothingMissing(environment)
  }

  @Test func aStreamedListGrowsInOrder() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delayIncrements", "ms": 150])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.StreamedEpisodesQuery(id: "1"))
    let snapshots = try await handle.snapshots(
      until: { $0.phase.data?.character?.episodes.isComplete == true }, within: .seconds(20))
    let lists = snapshots.compactMap { $0.phase.data?.character?.episodes }
    #expect(lists.first?.isComplete == false)
    #expect(lists.first?.items.map(\.id) == ["1"])
    let counts = lists.map(\.items.count)
    #expect(counts == counts.sorted())
    #expect(lists.last?.items.map(\.id) == numberedIDs(1...10))
    #expect(lists.last?.items.first?.name == "Pilot")
    Self.expectNothingMissing(environment)
  }
}
