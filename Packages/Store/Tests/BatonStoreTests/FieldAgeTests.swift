import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Max ages per field: declared per type and field (`MaxAges.fields`) and hinted by the
/// server (`Cache-Control`, `extensions.cacheControl`), each making stale only the fragment
/// that read the field, and kept across a relaunch by the image.
@Suite(.serialized, .taped) struct FieldAgeTests {
  static let shared = SharedServer()

  /// The fragments among the owners of `fields`.
  static func fragments(_ fields: [StaleField]) -> Set<String> {
    Set(fields.compactMap { if case .fragment(let name) = $0.owner { name } else { nil } })
  }

  @Test func declaredAndHintedMaxAgesStaleOnlyTheFragmentThatReadTheField() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "cacheHints", "count": 1,
      "hints": [["path": ["character", "species"], "maxAge": 30]],
    ])
    let clock = ManualClock()
    let persistence = MemoryPersistence()
    // The schema extension gives `Character.status` a minute.
    let maxAges = MaxAges(fields: StoreTests.maxAges, usesServerHints: true)
    let environment = server.environment(clock: clock, persistence: persistence, maxAges: maxAges)
    let handle = environment.watch(StoreTests.CharacterAgesQuery(id: "1"))
    try await handle.settledData()
    #expect(handle.staleFragments.isEmpty)
    #expect(handle.snapshot.staleFragments.isEmpty)

    clock.advance(by: .seconds(45))
    #expect(handle.staleFragments.map(\.owner) == [.fragment("CharacterAgeSpecies")])
    let species = try #require(handle.staleFragments.first)
    #expect(species.record == "Character:1" && species.field == "species")
    #expect(species.age == .seconds(45) && species.maxAge == .seconds(30))
    #expect(!handle.isStale)
    // The wake-up at the field's deadline gives the handle a snapshot that names it.
    try await handle.snapshots(until: { $0.staleFragmentNames == ["CharacterAgeSpecies"] })

    clock.advance(by: .seconds(30))
    #expect(Self.fragments(handle.staleFragments) == ["CharacterAgeStatus", "CharacterAgeSpecies"])

    // The next launch reads the fetch times from the image: still only those two.
    let image = try #require(persistence.image)
    let relaunched = server.environment(clock: clock, persistence: MemoryPersistence(image), maxAges: maxAges)
    let cached = relaunched.watch(StoreTests.CharacterAgesQuery(id: "1"), policy: .storeOnly)
    #expect(cached.phase.data != nil)
    #expect(Set(cached.snapshot.staleFragmentNames) == ["CharacterAgeStatus", "CharacterAgeSpecies"])
    #expect(cached.snapshot.staleFragments.map(\.age) == [.seconds(75), .seconds(75)])
  }

  @Test func cacheControlMaxAgeAgesEveryFieldOfItsResponseAndAFetchRenewsThem() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "cacheHints", "count": 1, "maxAge": 20])
    let clock = ManualClock()
    let environment = server.environment(clock: clock, maxAges: MaxAges(usesServerHints: true))
    let handle = environment.watch(StoreTests.CharacterAgesQuery(id: "1"))
    try await handle.settledData()
    clock.advance(by: .seconds(21))
    let every: Set = ["CharacterAgeName", "CharacterAgeStatus", "CharacterAgeSpecies"]
    #expect(Self.fragments(handle.staleFragments) == every)
    // Fetched again without a hint: the fields keep their max age, from the new fetch time.
    await handle.refetch()
    #expect(handle.staleFragments.isEmpty)
    clock.advance(by: .seconds(21))
    #expect(Self.fragments(handle.staleFragments) == every)
  }

  /// A mutation's response is the server's data too: a field it writes has a new fetch time.
  @Test func aMutationsResponseRenewsTheFieldsItWrites() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let maxAges = MaxAges(fields: ["Character.name": .seconds(30), "Character.status": .seconds(30)])
    let environment = server.environment(clock: clock, maxAges: maxAges)
    let handle = environment.watch(StoreTests.CharacterAgesQuery(id: "1"))
    try await handle.settledData()
    clock.advance(by: .seconds(20))
    _ = try await environment.mutate(StoreTests.UpdateNameMutation(id: "1", name: "Rick Prime"))
    clock.advance(by: .seconds(15))
    // 35 s after the query: the status it fetched is past its max age, the name the
    // mutation wrote 15 s ago is not.
    #expect(handle.staleFragments.map(\.owner) == [.fragment("CharacterAgeStatus")])
  }

  @Test func hintsCountOnlyWhenTheAppOptsIn() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "cacheHints", "count": 1, "maxAge": 5,
      "hints": [["path": ["character", "name"], "maxAge": 5]],
    ])
    let clock = ManualClock()
    let environment = server.environment(clock: clock, maxAges: MaxAges(fields: ["Character.status": .seconds(60)]))
    let handle = environment.watch(StoreTests.CharacterAgesQuery(id: "1"))
    try await handle.settledData()
    clock.advance(by: .seconds(30))
    #expect(handle.staleFragments.isEmpty)
    clock.advance(by: .seconds(31))
    #expect(handle.staleFragments.map(\.owner) == [.fragment("CharacterAgeStatus")])
  }

  @Test func aStaleRefetchableFragmentRefetchesOnlyItself() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let maxAges = MaxAges(fields: ["Character.species": .seconds(30), "Character.status": .seconds(40)])
    let environment = server.environment(clock: clock, maxAges: maxAges)
    let handle = environment.watch(StoreTests.CharacterBadgeAgesQuery(id: "1"))
    try await handle.settledData()
    clock.advance(by: .seconds(31))
    let stale = try #require(handle.staleFragments.first)
    #expect(handle.staleFragments.count == 1 && stale.owner == .fragment("CharacterBadge") && stale.field == "species")

    await environment.refetch(fragment: StoreTests.CharacterBadge.self, id: stale.record)
    #expect(handle.staleFragments.isEmpty)
    #expect(try await server.requestCount(operationName: "CharacterBadgeRefetchQuery") == 1)
    #expect(try await server.requestCount(operationName: "CharacterBadgeAges") == 1)
    // The status the other fragment read kept its first fetch time; the species has its new one.
    clock.advance(by: .seconds(15))
    #expect(handle.staleFragments.map(\.owner) == [.fragment("CharacterAgeStatus")])
  }
}
