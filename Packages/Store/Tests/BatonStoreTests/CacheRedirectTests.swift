import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Cache redirects (`@fieldPolicy(forField:keyArgs:)` in the schema extension): a detail
/// query whose root field the store has no link for reads the record its arguments name, so
/// a detail opened from a list is ready with no request when the list fetched all it needs,
/// and is missing, and fetched, when it did not.
@Suite(.serialized, .taped) struct CacheRedirectTests {
  static let shared = SharedServer()

  /// The list's first page, fetched: the records the redirected reads find.
  static func fetchList(_ environment: GraphQLEnvironment) async throws -> Redirects.RedirectCharacterListQuery.Data {
    try await environment.watch(Redirects.RedirectCharacterListQuery(page: 1)).settledData()
  }

  @Test func aDetailQueryIsReadyFromAListsRecordWithNoRequest() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.fetchList(environment)
    let third = try #require(list.characters.results.dropFirst(2).first)

    let detail = environment.watch(Redirects.RedirectCharacterSummaryQuery(id: third.id))
    #expect(detail.phase.data?.character?.name == third.name)
    #expect(detail.phase.data?.character?.species == third.species)
    #expect(detail.fetch == .idle)
    #expect(!detail.isStale)
    #expect(!environment.log.events.contains { $0.kind == .missing })
    #expect(try await server.requestCount(operationName: "RedirectCharacterSummary") == 0)
  }

  @Test func aListOfIdsIsReadyWhenEveryRecordIsThere() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.fetchList(environment)
    let ids = list.characters.results.prefix(3).map(\.id)

    let names = environment.watch(Redirects.RedirectCharacterNamesQuery(ids: Array(ids.reversed())))
    let read = try #require(names.phase.data?.charactersByIds)
    #expect(read.map { $0?.name } == list.characters.results.prefix(3).reversed().map(\.name))
    #expect(names.fetch == .idle)
    #expect(try await server.requestCount(operationName: "RedirectCharacterNames") == 0)
  }

  /// One id the list did not fetch: the list is missing, not ready with a hole, and fetched.
  @Test func aListOfIdsWithOneRecordAbsentIsFetched() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.fetchList(environment)
    let ids = list.characters.results.prefix(2).map(\.id) + ["21"]

    let names = environment.watch(Redirects.RedirectCharacterNamesQuery(ids: ids))
    #expect(names.phase.data == nil)
    let fetched = try await names.settledData()
    #expect(fetched.charactersByIds.count == 3)
    #expect(fetched.charactersByIds.allSatisfy { $0?.name.isEmpty == false })
    #expect(try await server.requestCount(operationName: "RedirectCharacterNames") == 1)
  }

  /// The list did not fetch `type`: the redirected record lacks it, so the detail is not
  /// ready from the cache (no zero value shown as data) and its fetch brings it.
  @Test func aFieldTheListDidNotFetchIsMissingAndFetched() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    _ = try await Self.fetchList(environment)

    let detail = environment.watch(Redirects.RedirectCharacterKindQuery(id: "1"))
    #expect(detail.phase.data == nil)
    let fetched = try await detail.settledData()
    #expect(fetched.character?.name == "Rick Sanchez")
    #expect(try await server.requestCount(operationName: "RedirectCharacterKind") == 1)
  }

  /// A detail ready through the redirect whose record then loses a field reads it as
  /// missing and heals as any read does: the refetch stores the link, which reads from then on.
  @Test func aMissingFieldUnderTheRedirectStillHeals() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: true)
    let environment = server.environment(heal: heal)
    _ = try await Self.fetchList(environment)
    let detail = environment.watch(Redirects.RedirectCharacterSummaryQuery(id: "1"))
    #expect(detail.phase.data?.character?.species == "Human")
    #expect(try await server.requestCount(operationName: "RedirectCharacterSummary") == 0)

    environment.evict(field: "species", of: "Character:1")
    let healed = try await detail.snapshots(until: { $0.phase.data?.character?.species == "Human" && $0.fetch == .idle })
    #expect(healed.last?.isStale == false)
    #expect(heal.requests.map(\.operationName) == ["RedirectCharacterSummary"])
    #expect(try await server.requestCount(operationName: "RedirectCharacterSummary") == 1)
    #expect(environment.records[.root]?.fields["character(id:\"1\")"]?.value == .link("Character:1"))
  }
}
