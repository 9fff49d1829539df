import BatonNormalizer
import BatonStore
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// A fragment read and watched by its record's id, with no parent that spreads it: it
/// follows writes to its record, reports what the store lacks rather than make it up, shows
/// field errors as an operation does, and a `@refetchable` one fetches what is missing
/// through its refetch query.
@Suite struct FragmentByIDTests {
  static func character(_ id: String, name: String, type: JSONValue = nil) -> JSONValue {
    ["character": ["__typename": "Character", "id": .string(id), "name": .string(name), "species": "Human", "type": type]]
  }

  @Test func aFragmentWatchedByIDUpdatesWhenAQueryWritesItsRecord() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.character("1", name: "Rick Sanchez")), for: "CharacterDetail")
    let environment = GraphQLEnvironment(transport: transport)
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick"))

    let card = environment.watch(fragment: StoreTests.CharacterCard.self, id: "Character:1")
    #expect(card.phase.data?.name == "Rick")
    #expect(card.phase.data?.species == "Human")

    let query = environment.watch(CharacterDetail(id: "1"), policy: .networkOnly)
    try await query.settledData()
    try await card.snapshots(until: { $0.phase.data?.name == "Rick Sanchez" })
    #expect(transport.requests.map(\.operationName) == ["CharacterDetail"], "the card itself never fetches")
  }

  @Test func aRecordNotInTheStoreIsMissingNotMadeUp() throws {
    let transport = ScriptedTransport()
    let environment = GraphQLEnvironment(transport: transport)
    let card = environment.watch(fragment: StoreTests.CharacterCard.self, id: "Character:9")
    guard case .failed(.notInStore(let missing)) = card.phase else {
      Issue.record("expected notInStore, got \(card.phase)")
      return
    }
    #expect(missing.contains { $0.record == "Character:9" })
    #expect(environment.read(fragment: StoreTests.CharacterCard.self, id: "Character:9") == nil)
    #expect(transport.requests.isEmpty)

    // The record's arrival reaches the handle, which read it as missing.
    try environment.commitPayload(CharacterDetail(id: "9"), Self.character("9", name: "Birdperson"))
    #expect(card.phase.data?.name == "Birdperson")
  }

  @Test func aFieldTheRecordLacksIsMissingNotMadeUp() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick"))
    let card = environment.watch(fragment: StoreTests.CharacterCard.self, id: "Character:1")
    #expect(card.phase.data?.name == "Rick")

    let issues = RuntimeIssueRecorder()
    RuntimeIssues.withHandler(issues.handler) {
      environment.evict(field: "species", of: "Character:1")
    }
    // Reported as an operation's missing data is, though nothing will fetch it.
    #expect(issues.messages == [
      "missing data: fragment CharacterCard read field \"species\" of record Character:1, which is not in the store; "
        + "operation CharacterCard is stale and is not refetched: nothing fetches it: a fragment read by id with no "
        + "@refetchable query, or whose record's key the store lacks."
    ])
    #expect(issues.issues.first?.fileID == "StoreTestOperations/StoreTests.CharacterCard.swift")
    #expect(environment.log.events.contains { $0.kind == .missing && $0.record == "Character:1" && $0.field == "species" })
    #expect(card.isStale)
    guard case .failed(.notInStore(let missing)) = card.phase else {
      Issue.record("expected notInStore, got \(card.phase)")
      return
    }
    #expect(missing.map(\.field) == ["species"])
    #expect(missing.first?.owner == .fragment("CharacterCard"))
    #expect(environment.read(fragment: StoreTests.CharacterCard.self, id: "Character:1") == nil)
  }

  @Test func aRecordOfAnotherTypeIsNotReadAsTheFragment() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(
      StoreTests.EpisodesOverlapQuery(id: "1"),
      ["character": ["__typename": "Character", "id": "1", "episodes": [["__typename": "Episode", "id": "1", "name": "Pilot", "code": "S01E01"]]]])
    let card = environment.watch(fragment: StoreTests.CharacterCard.self, id: "Episode:1")
    #expect(card.phase.data == nil)
    #expect(environment.read(fragment: StoreTests.CharacterCard.self, id: "Episode:1") == nil)
  }

  @Test func aFieldErrorOnTheRecordShowsAsOnAnOperation() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(
      Self.character("1", name: "Rick"), errors: [["message": "type unavailable", "path": ["character", "type"]]]))
    let environment = GraphQLEnvironment(transport: transport)
    let query = environment.watch(StoreTests.CharacterBadgeRefetchQuery(id: "1"))
    try await query.settledData()

    let badge = environment.watch(fragment: StoreTests.CharacterBadge.self, id: "Character:1")
    #expect(badge.phase.data?.name == "Rick")
    #expect(badge.phase.data?.type == nil)
    let event = try #require(badge.fieldErrors.first)
    #expect(event.record == "Character:1" && event.field == "type")
    #expect(event.kind == .fieldError([FieldError(message: "type unavailable")]))
    #expect(badge.fieldErrors == query.fieldErrors)
    #expect(transport.requests.count == 1, "the store had every field: the badge fetched nothing")
  }

  @Test func aRefetchableFragmentsMissingFieldIsFetchedThroughItsRefetchQuery() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.character("1", name: "Rick", type: "Pickle")), for: "CharacterBadgeRefetchQuery")
    let environment = GraphQLEnvironment(transport: transport)
    // The card's query writes the name and species, not the type the badge reads.
    try environment.commitPayload(
      StoreTests.CharacterCardQuery(id: "1"),
      ["character": ["__typename": "Character", "id": "1", "name": "Rick", "species": "Human"]])
    #expect(environment.read(fragment: StoreTests.CharacterBadge.self, id: "Character:1") == nil)

    let badge = environment.watch(fragment: StoreTests.CharacterBadge.self, id: "Character:1")
    #expect(badge.phase.isLoading, "a missing field is fetched, not made up")
    let data = try await badge.settledData()
    #expect(data.type == "Pickle")
    #expect(transport.requestCount(operationName: "CharacterBadgeRefetchQuery") == 1)
    #expect(transport.requests.first?.variables == ["id": "1"], "the record's key, from the store")
    #expect(environment.read(fragment: StoreTests.CharacterBadge.self, id: "Character:1") == data)
  }

  @Test func readGivesWhatWatchShows() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Rick", type: "Pickle"))
    let badge = environment.watch(fragment: StoreTests.CharacterBadge.self, id: "Character:1")
    let read = try #require(environment.read(fragment: StoreTests.CharacterBadge.self, id: "Character:1"))
    #expect(badge.phase.data == read)
    #expect(read.name == "Rick" && read.type == "Pickle")

    try environment.commitPayload(CharacterDetail(id: "1"), Self.character("1", name: "Tiny Rick", type: "Pickle"))
    #expect(badge.phase.data == environment.read(fragment: StoreTests.CharacterBadge.self, id: "Character:1"))
    #expect(badge.phase.data?.name == "Tiny Rick")
  }
}
