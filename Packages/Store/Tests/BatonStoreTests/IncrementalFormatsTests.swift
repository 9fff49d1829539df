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

/// `@defer` and `@stream` against the loopback server in each incremental-delivery format
/// (its `incrementalFormat` command): the RFC's `pending`/`completed`, as graphql-core sends
/// it, and Apollo's `deferSpec=20220824`, as Apollo Router sends it. In both a deferred
/// fragment reads pending, then ready or failed, the same from cache, a stream grows until
/// the reply ends, and nothing reads missing.
@Suite(.serialized, .taped) struct IncrementalFormatsTests {
  static let shared = SharedServer()

  /// The server's name of each format.
  static let formats: [(IncrementalFormat, String)] = [
    (.pendingAndCompleted, "pendingAndCompleted"), (.deferSpec20220824, "deferSpec20220824"),
  ]

  static func server(answering format: IncrementalFormat) async throws -> TestServer {
    let server = try await shared.fresh()
    let name = try #require(formats.first { $0.0 == format }?.1)
    try await server.control(["command": "incrementalFormat", "format": .string(name)])
    return server
  }

  static func environment(_ server: TestServer) -> GraphQLEnvironment {
    GraphQLEnvironment(transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(20)))
  }

  @Test(arguments: [IncrementalFormat.pendingAndCompleted, .deferSpec20220824])
  func aDeferredFragmentReadsPendingThenReady(_ format: IncrementalFormat) async throws {
    let server = try await Self.server(answering: format)
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
    IncrementalDeliveryTests.expectNothingMissing(environment)
  }

  @Test(arguments: [IncrementalFormat.pendingAndCompleted, .deferSpec20220824])
  func aFailedPartReadsFailedTheSameFromCache(_ format: IncrementalFormat) async throws {
    let server = try await Self.server(answering: format)
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "no species"])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let failed = try await handle.snapshots(until: { snapshot in
      if case .failed? = snapshot.phase.data?.character?.details { return true }
      return false
    }, within: .seconds(20))
    guard case .failed(let errors)? = failed.last?.phase.data?.character?.details else { throw TimedOut(description: "not failed") }
    #expect(errors.map(\.message) == ["no species"])
    let fromCache = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"), policy: .storeOnly)
    #expect(fromCache.phase.data?.character?.details == .failed(errors))
    IncrementalDeliveryTests.expectNothingMissing(environment)
  }

  /// Two unlabelled fragments at one path: the compiler's labels tell their entries apart
  /// in the 2022 format too, where no `id` does.
  @Test(arguments: [IncrementalFormat.pendingAndCompleted, .deferSpec20220824])
  func twoDeferredFragmentsAtOnePathEachSettleOnTheirOwn(_ format: IncrementalFormat) async throws {
    let server = try await Self.server(answering: format)
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
    IncrementalDeliveryTests.expectNothingMissing(environment)
  }

  @Test(arguments: [IncrementalFormat.pendingAndCompleted, .deferSpec20220824])
  func aStreamedListGrowsInOrderUntilTheReplyEnds(_ format: IncrementalFormat) async throws {
    let server = try await Self.server(answering: format)
    try await server.control(["command": "delayIncrements", "ms": 150])
    let environment = Self.environment(server)
    let handle = environment.watch(EndToEnd.StreamedEpisodesQuery(id: "1"))
    let snapshots = try await handle.snapshots(
      until: { $0.phase.data?.character?.episodes.isComplete == true }, within: .seconds(20))
    let lists = snapshots.compactMap { $0.phase.data?.character?.episodes }
    #expect(lists.first?.isComplete == false)
    #expect(lists.first?.items.map(\.id) == ["1"])
    #expect(lists.last?.items.map(\.id) == numberedIDs(1...10))
    #expect(lists.last?.errors.isEmpty == true)
    IncrementalDeliveryTests.expectNothingMissing(environment)
  }
}
