import BatonNormalizer
import BatonStore
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Evicting a field, a record with what only it reached, or an operation: what was evicted
/// reads as missing and heals; what something else still reaches stays.
@Suite struct EvictionTests {
  static func character(_ id: String, name: String) -> JSONValue {
    ["character": ["__typename": "Character", "id": .string(id), "name": .string(name), "species": "Human", "type": nil]]
  }

  static func episodes(of id: String, _ episodes: [String]) -> JSONValue {
    let list = episodes.map { episode -> JSONValue in
      ["__typename": "Episode", "id": .string(episode), "name": .string("Episode \(episode)"), "code": .string("S01E0\(episode)")]
    }
    return ["character": ["__typename": "Character", "id": .string(id), "episodes": .array(list)]]
  }

  @Test func anEvictedFieldIsMissingAndHeals() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.character("1", name: "Rick")))
    transport.enqueue(.data(Self.character("1", name: "Rick Sanchez")))
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(CharacterDetail(id: "1"))
    #expect(try await handle.settledData().character?.name == "Rick")

    environment.evict(field: "name", of: "Character:1")
    let healed = try await handle.snapshots(until: { $0.phase.data?.character?.name == "Rick Sanchez" && !$0.fetch.isInFlight })
    #expect(transport.requestCount(operationName: "CharacterDetail") == 2)
    #expect(healed.last?.phase.data?.character?.species == "Human")
  }

  @Test func aFieldEvictedByItsArgumentsLeavesItsOtherValues() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick"))
    try environment.commitPayload(CharacterDetail(id: "2"), Self.character("2", name: "Morty"))

    environment.evict(field: "character", arguments: ["id": "1"], of: .root)
    let root = try #require(environment.records[.root])
    #expect(root.fields.keys.sorted() == [#"character(id:"2")"#])
    #expect(environment.records["Character:1"]?["name"] != nil, "a field's eviction leaves the record it linked to")

    environment.evict(field: "character", of: .root)
    #expect(environment.records[.root]?.fields.keys == [], "without arguments, every value of the field goes")
  }

  @Test func anEvictedRecordTakesWhatOnlyItReached() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(StoreTests.EpisodesOverlapQuery(id: "1"), Self.episodes(of: "1", ["1", "2"]))
    try environment.commitPayload(StoreTests.EpisodesOverlapQuery(id: "2"), Self.episodes(of: "2", ["2", "3"]))
    let other = environment.watch(StoreTests.EpisodesOverlapQuery(id: "2"), policy: .storeOnly)

    environment.evict(record: "Character:1")
    let records = environment.records
    #expect(records["Character:1"] == nil)
    #expect(records["Episode:1"] == nil, "only Character:1 reached Episode:1")
    #expect(records["Episode:2"] != nil, "Character:2 reaches Episode:2 too")
    #expect(records["Episode:3"] != nil)
    #expect(records[.root]?[#"character(id:"1")"#] == nil, "the link to the evicted record goes, so it reads as missing")
    #expect(records[.root]?[#"character(id:"2")"#] != nil)
    #expect(other.phase.data?.character?.episodes.map { $0.name } == ["Episode 2", "Episode 3"])
  }

  @Test func evictingTheRootOrAnUnknownRecordRemovesNothing() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick"))
    let before = environment.records
    environment.evict(record: .root)
    environment.evict(record: "Character:404")
    #expect(environment.records == before)
  }

  @Test func anEvictedOperationIsMissingAndHeals() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.character("1", name: "Rick")), for: "CharacterDetail")
    transport.enqueue(.data(Self.character("2", name: "Morty")), for: "CharacterDetail")
    transport.enqueue(.data(Self.character("1", name: "Rick Sanchez")), for: "CharacterDetail")
    let environment = GraphQLEnvironment(transport: transport)
    let rick = environment.watch(CharacterDetail(id: "1"))
    try await rick.settledData()
    let morty = environment.watch(CharacterDetail(id: "2"))
    try await morty.settledData()

    environment.evict(CharacterDetail(id: "1"))
    #expect(environment.records["Character:1"] == nil)
    #expect(environment.records["Character:2"] != nil)
    let healed = try await rick.snapshots(until: { $0.phase.data?.character?.name == "Rick Sanchez" && !$0.fetch.isInFlight })
    #expect(healed.last?.phase.data?.character?.species == "Human")
    #expect(transport.requestCount(operationName: "CharacterDetail") == 3)
    #expect(morty.phase.data?.character?.name == "Morty", "the other operation read nothing evicted")
    #expect(!morty.isStale)
  }

  @Test func anEvictedOperationLeavesWhatAnotherOperationReads() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick"))
    try environment.commitPayload(StoreTests.EpisodesOverlapQuery(id: "1"), Self.episodes(of: "1", ["1"]))
    let detail = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    let episodes = environment.watch(StoreTests.EpisodesOverlapQuery(id: "1"), policy: .storeOnly)
    #expect(detail.phase.data?.character?.name == "Rick")

    environment.evict(CharacterDetail(id: "1"))
    #expect(environment.records[.root]?[#"character(id:"1")"#] != nil, "EpisodesOverlap selects the same root field")
    #expect(environment.records["Character:1"] != nil, "EpisodesOverlap read Character:1 too")
    #expect(episodes.phase.data?.character?.episodes.map { $0.name } == ["Episode 1"])
  }
}
