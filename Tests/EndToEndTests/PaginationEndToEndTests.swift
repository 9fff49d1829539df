import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// A paginated handle over the loopback server's `charactersConnection`: pages merge into
/// one connection per filter, in both directions, and every page fetch is honest about
/// how it went.
@Suite(.serialized, .requires(.testServer)) struct PaginationEndToEndTests {
  static let shared = SharedServer()

  static func cursor(_ id: Int) -> String { Data("Character:\(id)".utf8).base64EncodedString() }

  static func ids(_ handle: PaginatedHandle<EndToEnd.CharacterListQuery>) -> [String] {
    handle.phase.data?.charactersConnection.edges.map(\.node.id) ?? []
  }

  @Test func forwardToTheEnd() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(15)))
    try await list.handle.settledData()
    #expect(Self.ids(list) == numberedIDs(1...15))
    #expect(list.hasNext && !list.hasPrevious)
    await list.loadNext(15).value
    #expect(Self.ids(list) == numberedIDs(1...30))
    await list.loadNext(15).value
    #expect(Self.ids(list) == numberedIDs(1...40))
    #expect(!list.hasNext)
    #expect(list.nextFetch == .idle)
    await list.loadNext(15).value
    #expect(try await server.requestCount(operationName: "CharacterList") == 3)
    #expect(list.phase.data?.charactersConnection.totalCount == 40)
  }

  @Test func backwardToTheStart() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .null, last: .value(15)))
    try await list.handle.settledData()
    #expect(Self.ids(list) == numberedIDs(26...40))
    #expect(list.hasPrevious && !list.hasNext)
    await list.loadPrevious(15).value
    await list.loadPrevious(15).value
    #expect(Self.ids(list) == numberedIDs(1...40))
    #expect(!list.hasPrevious)
    #expect(list.previousFetch == .idle)
  }

  @Test func filtersMakeSeparateConnections() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let smiths = environment.watchPaginated(
      EndToEnd.CharacterListQuery(count: .value(2), filter: .value(EndToEnd.CharacterFilter(name: .value("smith")))))
    let everyone = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(2)))
    try await smiths.handle.settledData()
    try await everyone.handle.settledData()
    await smiths.loadNext(2).value
    #expect(Self.ids(smiths) == ["2", "3", "4", "5"])
    #expect(Self.ids(everyone) == ["1", "2"])
    #expect(smiths.phase.data?.charactersConnection.edges.allSatisfy { $0.node.name.contains("Smith") } == true)
  }

  @Test func aFailingPageKeepsTheEdgesAndShowsTheFailure() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(10)))
    try await list.handle.settledData()
    try await server.control([
      "command": "pageFault", "after": .string(Self.cursor(10)), "status": 503, "count": 1,
    ])
    await list.loadNext(10).value
    #expect(list.nextFetch.failure?.kind == .http(status: 503))
    #expect(Self.ids(list) == numberedIDs(1...10))
    #expect(list.handle.fetch == .idle)
    #expect(list.hasNext)
    await list.loadNext(10).value
    #expect(list.nextFetch == .idle)
    #expect(Self.ids(list) == numberedIDs(1...20))
  }

  @Test func refetchingTheFirstPageReplacesTheEdgesAsRelayDoes() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(10)))
    try await list.handle.settledData()
    await list.loadNext(10).value
    #expect(Self.ids(list).count == 20)
    try await server.control(["command": "set", "target": "Character:1.name", "value": "Pickle Rick"])
    await list.refetch()
    #expect(Self.ids(list) == numberedIDs(1...10))
    #expect(list.phase.data?.charactersConnection.edges.first?.node.name == "Pickle Rick")
    #expect(list.hasNext)
  }

  @Test func refetchWithOtherVariablesSwitchesConnection() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(3)))
    try await list.handle.settledData()
    await list.refetch(
      EndToEnd.CharacterListQuery(count: .value(3), filter: .value(EndToEnd.CharacterFilter(status: .value(.dead)))))
    let names = list.phase.data?.charactersConnection.edges.map(\.node.id) ?? []
    #expect(names.count == 3 && names != ["1", "2", "3"])
    await list.loadNext(3).value
    #expect(Self.ids(list).count == 6)
  }

  @Test func concurrentLoadNextCallsCoalesce() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(10)))
    try await list.handle.settledData()
    try await server.control(["command": "delay", "ms": 300, "count": 1])
    let first = list.loadNext(10)
    #expect(list.nextFetch.isInFlight)
    let second = list.loadNext(10)
    await first.value
    await second.value
    #expect(try await server.requestCount(operationName: "CharacterList") == 2)
    #expect(Self.ids(list) == numberedIDs(1...20))
  }

  @Test func droppingTheHandleCancelsItsPageFetch() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    var list: PaginatedHandle<EndToEnd.CharacterListQuery>? = environment.watchPaginated(
      EndToEnd.CharacterListQuery(count: .value(10)))
    try await list?.handle.settledData()
    // The reply comes long after the drop, so a test process too busy to run the caller for
    // seconds still tells a cancelled page fetch from one that waited for it.
    try await server.control(["command": "delay", "ms": 30_000, "count": 1])
    let page = list?.loadNext(10)
    try await eventually("the page request reached the server") {
      try await server.requestCount(operationName: "CharacterList") == 2
    }
    let started = ContinuousClock.now
    list = nil
    await page?.value
    #expect(ContinuousClock.now - started < .seconds(20))
    let cached = environment.watch(EndToEnd.CharacterListQuery(count: .value(10)), policy: .storeOnly)
    #expect(cached.phase.data?.charactersConnection.edges.count == 10)
  }

  @Test func relaunchThenLoadNextContinuesFromTheSavedEndCursor() async throws {
    let server = try await Self.shared.fresh()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-pagination-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("store.image")
    do {
      let environment = server.environment(staleAfter: .seconds(300), persistence: try FileImage(at: url, debounce: .zero))
      let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(10)))
      try await list.handle.settledData()
      await list.loadNext(10).value
      #expect(Self.ids(list).count == 20)
      // The image keeps what the handle read: the connection, not the pages' own records.
      try await eventually("the image holds the second page") {
        environment.flush()
        return try FileImage(at: url).load()?.records[RecordID("Character:20")] != nil
      }
    }
    let relaunched = server.environment(staleAfter: .seconds(300), persistence: try FileImage(at: url, debounce: .zero))
    let list = relaunched.watchPaginated(EndToEnd.CharacterListQuery(count: .value(10)))
    #expect(Self.ids(list) == numberedIDs(1...20))
    #expect(list.hasNext && !list.isStale)
    await list.loadNext(10).value
    #expect(Self.ids(list) == numberedIDs(1...30))
    #expect(try await server.requestCount(operationName: "CharacterList") == 3)
    let body = try await server.lastRequestBody()
    #expect(body?["variables"]?["cursor"] == .string(Self.cursor(20)))
  }
}
