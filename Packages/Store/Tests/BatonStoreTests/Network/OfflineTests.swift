import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTransport
import Foundation
import Testing

/// `OfflinePart` and the environment's `reachability`: fetches wait or fail fast while
/// offline, and coming back refetches the stale handles that allow the network, once each.
@Suite(.serialized, .taped) struct OfflineTests {
  static let shared = SharedServer()

  @Test func reconnectingRefetchesExactlyTheStaleHandlesAllowedTo() async throws {
    let server = try await Self.shared.fresh()
    let reachability = ManualReachability(isOnline: true)
    let environment = server.environment(
      parts: [OfflinePart(reachability: reachability, policy: .failFast)], reachability: reachability)
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    let summer = environment.watch(CharacterDetail(id: "3"))
    for handle in [rick, morty, summer] { try await handle.settledData() }
    // Summer's only other holder reads the store alone: with the network handle gone, no
    // holder of hers allows a refetch.
    let summerFromStore = environment.watch(CharacterDetail(id: "3"), policy: .storeOnly)
    _ = consume summer
    try await server.reset()

    reachability.setOnline(false)
    environment.invalidate(record: "Character:1")
    environment.invalidate(record: "Character:3")
    let failure = try await rick.fetchFailure()
    #expect(failure.kind == .transport)
    #expect(failure.message.contains("offline"))
    #expect(rick.phase.data?.character?.name == "Rick Sanchez", "the data stays")
    #expect(rick.isStale && !morty.isStale && summerFromStore.isStale)

    reachability.setOnline(true)
    try await rick.snapshots(until: { !$0.isStale && $0.fetch == .idle })
    try await Task.sleep(for: .milliseconds(200))
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1, "Rick once; Morty is fresh, Summer store-only")
    let sent = try await server.lastRequestBody()
    #expect(sent?["variables"]?["id"]?.stringValue == "1")
    #expect(summerFromStore.isStale)
  }

  @Test func whileOfflineAFetchWaitsInFlightAndGoesOnReconnect() async throws {
    let server = try await Self.shared.fresh()
    let reachability = ManualReachability(isOnline: false)
    let environment = server.environment(parts: [OfflinePart(reachability: reachability)], reachability: reachability)
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await Task.sleep(for: .milliseconds(200))
    #expect(handle.fetch.isInFlight)
    #expect(try await server.requests()["total"]?.intValue == 0)
    reachability.setOnline(true)
    let data = try await handle.settledData()
    #expect(data.character?.name == "Rick Sanchez")
    #expect(try await server.requests()["total"]?.intValue == 1, "the waiting fetch went once; the reconnect added none")
  }

  @Test func refetchStaleOnForegroundRefetchesFailedAndStaleOnce() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [])
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await rick.settledData()
    try await morty.settledData()
    try await server.control(["command": "respond", "status": 500, "count": 1])
    await morty.refetch()
    #expect(morty.fetch.failure != nil)
    try await server.reset()
    environment.refetchStale()
    environment.refetchStale()
    try await morty.snapshots(until: { $0.fetch == .idle })
    #expect(try await server.requests()["total"]?.intValue == 1, "only the failed one, once")
  }
}
