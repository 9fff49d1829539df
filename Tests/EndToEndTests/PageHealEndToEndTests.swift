import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import Observation
import TestPrerequisites
import Testing

/// Honest pages over the loopback server's `charactersConnection`: a node that goes missing
/// heals by refetching the page that brought its edge, and each page's fetch time decides
/// the handle's staleness, before and after a relaunch.
@Suite(.serialized, .requires(.testServer)) struct PageHealEndToEndTests {
  static let shared = SharedServer()

  static func cursor(_ id: Int) -> String { Data("Character:\(id)".utf8).base64EncodedString() }

  static func ids(_ handle: PaginatedHandle<EndToEnd.CharacterOriginsQuery>) -> [String] {
    handle.phase.data?.charactersConnection.edges.map(\.node.id) ?? []
  }

  static func origin(of id: String, in handle: PaginatedHandle<EndToEnd.CharacterOriginsQuery>) -> String? {
    handle.phase.data?.charactersConnection.edges.first { $0.node.id == id }?.node.origin?.name
  }

  /// The variables of the `CharacterOrigins` requests the server received, oldest first.
  static func pageRequests(_ server: TestServer) async throws -> [JSONValue] {
    guard case .array(let recent)? = try await server.requests()["recent"] else { return [] }
    return recent.compactMap { request in
      guard request["body"]?["operationName"] == "CharacterOrigins" else { return nil }
      return request["body"]?["variables"] ?? .object([])
    }
  }

  /// Three pages of five (characters 1 to 15), all loaded.
  static func threePages(_ environment: GraphQLEnvironment) async throws -> PaginatedHandle<EndToEnd.CharacterOriginsQuery> {
    let list = environment.watchPaginated(EndToEnd.CharacterOriginsQuery(count: .value(5)))
    try await list.handle.settledData()
    await list.loadNext(5).value
    await list.loadNext(5).value
    #expect(ids(list) == numberedIDs(1...15))
    return list
  }

  /// Moves `character`'s origin on the server to the Citadel, and fetches it through a query
  /// that reads only the new origin's id: the list's read of the origin's name then misses.
  static func moveOrigin(of character: String, _ server: TestServer, _ environment: GraphQLEnvironment) async throws
    -> OperationHandle<EndToEnd.RickOriginIDQuery>
  {
    try await server.control(["command": "set", "target": .string("Character:\(character).origin"), "value": "Location:3"])
    let mover = environment.watch(EndToEnd.RickOriginIDQuery(id: .init(character)), policy: .networkOnly)
    try await mover.settledData()
    return mover
  }

  @Test func aMissingNodeHealsByRefetchingItsPageOnly() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(heal: DefaultHealPolicy())
    let list = try await Self.threePages(environment)
    let mover = try await Self.moveOrigin(of: "8", server, environment)
    try await eventually("the page heal brought the new origin's name") {
      Self.origin(of: "8", in: list) == "Citadel of Ricks"
    }
    #expect(environment.log.events.contains { $0.kind == .missing && $0.record == RecordID("Location:3") })
    #expect(environment.log.events.filter { $0.kind == .healRefetch }.count == 1)
    let requests = try await Self.pageRequests(server)
    #expect(requests.count == 4)
    // The heal asked for page 2 as it was first fetched: five after the fifth character.
    #expect(requests.last?["count"] == 5 && requests.last?["cursor"] == .string(Self.cursor(5)))
    #expect(Self.ids(list) == numberedIDs(1...15))
    #expect(list.hasNext && !list.isStale)
    // The pages after it are still where they were: the next page continues from the end.
    await list.loadNext(5).value
    #expect(Self.ids(list) == numberedIDs(1...20))
    _ = mover
  }

  /// The failure shows as the list's last fetch, behind its data, as a failed refresh does.
  @Test func aPageHealThatFailsKeepsEveryPageAndLeavesTheListStale() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(heal: DefaultHealPolicy())
    let list = try await Self.threePages(environment)
    try await server.control([
      "command": "pageFault", "after": .string(Self.cursor(5)), "status": 503, "count": 1,
    ])
    let mover = try await Self.moveOrigin(of: "8", server, environment)
    let failure = try await list.handle.fetchFailure()
    #expect(failure.kind == .http(status: 503))
    #expect(try await Self.pageRequests(server).count == 4)
    // The failed heal wrote nothing: the blank stays, honestly marked stale, and no page went.
    #expect(Self.origin(of: "8", in: list) == "")
    #expect(Self.ids(list) == numberedIDs(1...15))
    #expect(list.isStale && list.handle.isStale)
    #expect(environment.log.events.filter { $0.kind == .healRefetch }.count == 1)
    // The heal's page request and its failure are in the log, as the operation's own are.
    let heals = environment.log.events.filter { $0.kind == .fetch("heal") }
    #expect(heals.map(\.owner?.description) == ["operation CharacterOrigins"])
    #expect(environment.log.events.contains { $0.kind == .fetchFailed(failure) })
    _ = mover
  }

  @Test func aPageOlderThanStaleAfterMakesTheHandleStaleWhileTheFirstPageIsFresh() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(heal: DefaultHealPolicy(), staleAfter: .seconds(300), clock: clock)
    let list = try await Self.threePages(environment)
    clock.advance(by: .seconds(200))
    // Character 3 is on the first page: its heal refetches that page alone, at t = 200.
    let mover = try await Self.moveOrigin(of: "3", server, environment)
    try await eventually("the first page healed") { Self.origin(of: "3", in: list) == "Citadel of Ricks" }
    let requests = try await Self.pageRequests(server)
    #expect(requests.count == 4 && requests.last?["count"] == 5 && requests.last?["cursor"] == nil)
    #expect(Self.ids(list) == numberedIDs(1...15))
    let changed = Flag()
    withObservationTracking {
      #expect(!list.isStale)
    } onChange: {
      changed.set()
    }
    clock.advance(by: .seconds(99))
    #expect(!changed.isSet)
    clock.advance(by: .seconds(51))
    // The first page is 150 s old and the query with it; pages 2 and 3 are 350 s old, and
    // a view showing the list's `isStale` hears of it when they turned stale.
    try await eventually("observers told that pages 2 and 3 turned stale") { changed.isSet }
    #expect(!list.handle.isStale)
    #expect(list.isStale)
    _ = mover
  }

  @Test func pageTimesSurviveARelaunch() async throws {
    let server = try await Self.shared.fresh()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-page-times-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("store.image")
    let clock = ManualClock()
    do {
      let environment = server.environment(
        heal: DefaultHealPolicy(), staleAfter: .seconds(300), clock: clock,
        persistence: try FileImage(at: url, debounce: .zero))
      let list = try await Self.threePages(environment)
      clock.advance(by: .seconds(200))
      let mover = try await Self.moveOrigin(of: "3", server, environment)
      try await eventually("the first page healed") { Self.origin(of: "3", in: list) == "Citadel of Ricks" }
      try await eventually("the image holds the healed first page") {
        environment.flush()
        return try FileImage(at: url).load()?.records[RecordID("Location:3")]?["name"] != nil
      }
      _ = mover
    }
    let relaunched = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let list = relaunched.watchPaginated(EndToEnd.CharacterOriginsQuery(count: .value(5)), policy: .storeOnly)
    #expect(Self.ids(list) == numberedIDs(1...15))
    #expect(!list.isStale)
    clock.advance(by: .seconds(150))
    // The query and its first page were fetched at t = 200; pages 2 and 3, at t = 0, are
    // 350 s old: known only from the image.
    #expect(!list.handle.isStale)
    #expect(list.isStale)
  }
}
