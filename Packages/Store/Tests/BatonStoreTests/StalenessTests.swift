import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Staleness by age (with an injected clock), by invalidation, and across an image.
@Suite(.serialized, .taped) struct StalenessTests {
  static let shared = SharedServer()

  @Test func dataTurnsStaleAfterStaleAfterAndRefreshesWhenWatched() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(staleAfter: .seconds(60), clock: clock)
    let first = environment.watch(CharacterDetail(id: "1"))
    try await first.settledData()
    clock.advance(by: .seconds(59))
    #expect(!first.isStale)
    clock.advance(by: .seconds(2))
    #expect(first.isStale)
    try await server.control(["command": "set", "target": "Character:1.name", "value": "Pickle Rick"])
    let second = environment.watch(CharacterDetail(id: "1"))
    #expect(second.phase.data?.character?.name == "Rick Sanchez")
    #expect(second.isStale && second.isRefreshing)
    try await second.snapshots(until: { $0.phase.data?.character?.name == "Pickle Rick" && !$0.isStale })
    #expect(!first.isStale)
    #expect(first.phase.data?.character?.name == "Pickle Rick")
  }

  @Test func operationStaleAfterOverridesTheEnvironments() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(staleAfter: .seconds(600), clock: clock)
    let short = environment.watch(ShortLived.ShortLivedCharacterQuery(id: "1"))
    let long = environment.watch(CharacterDetail(id: "1"))
    try await short.settledData()
    try await long.settledData()
    clock.advance(by: .seconds(11))
    #expect(short.isStale)
    #expect(!long.isStale)
  }

  @Test func invalidatingARecordMarksItsReadersStaleAndRefreshesThem() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let rick = environment.watch(CharacterDetail(id: "1"))
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await rick.settledData()
    try await morty.settledData()
    try await server.control(["command": "delay", "ms": 200, "count": 1])
    environment.invalidate(record: "Character:1")
    #expect(rick.isStale && rick.isRefreshing)
    #expect(rick.phase.data?.character?.name == "Rick Sanchez")
    #expect(!morty.isStale && morty.fetch == .idle)
    try await rick.snapshots(until: { !$0.isStale && $0.fetch == .idle })
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 3)
  }

  @Test func invalidateAllMarksEveryOperationStale() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let rick = environment.watch(CharacterDetail(id: "1"), policy: .storeAndNetwork)
    try await rick.settledData()
    let cached = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    environment.invalidateAll()
    #expect(cached.isStale)
    try await rick.snapshots(until: { !$0.isStale && $0.fetch == .idle })
    #expect(!cached.isStale)
  }

  @Test func fetchTimeAndStalenessSurviveTheImage() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let persistence = MemoryPersistence()
    let environment = server.environment(staleAfter: .seconds(60), clock: clock, persistence: persistence)
    let handle = environment.watch(CharacterDetail(id: "1"))
    let data = try await handle.settledData()
    let image = try #require(persistence.image)
    #expect(image.operations.first { $0.name == "CharacterDetail" }?.fetchedAt == clock.now)
    #expect(image.records["Character:1"]?["name"] == RecordField(.scalar("Rick Sanchez")))

    clock.advance(by: .seconds(30))
    let relaunched = server.environment(staleAfter: .seconds(60), clock: clock, persistence: MemoryPersistence(image))
    #expect(relaunched.log.events.contains { $0.kind == .imageLoaded(records: image.records.count, operations: 1) })
    let cached = relaunched.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(cached.phase.data == data)
    #expect(!cached.isStale)
    clock.advance(by: .seconds(31))
    #expect(cached.isStale)
  }

  @Test func damagedImageIsLoggedAndTheStoreStartsEmpty() async throws {
    struct Damaged: Persistence {
      struct Unreadable: Error {}
      func load() throws -> StoreImage? { throw Unreadable() }
      func save(_ image: StoreImage) throws {}
      func flush() {}
    }
    let server = try await Self.shared.fresh()
    let environment = server.environment(persistence: Damaged())
    #expect(environment.records.isEmpty)
    #expect(environment.log.events.contains { if case .imageLoadFailed = $0.kind { true } else { false } })
  }
}
