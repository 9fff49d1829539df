import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// A `@refetchable` fragment against the loopback server: the fragment holding a
/// `@connection` pages itself through its generated query (the connection found inside the
/// spread, `count` and `cursor` from `@argumentDefinitions`), refetches with new variables,
/// and reads under a host query with the values its `@arguments` give; a fragment on a type
/// with a key is fetched again through the root field taking the key.
@Suite(.serialized, .requires(.testServer)) struct RefetchableFragmentEndToEndTests {
  static let shared = SharedServer()

  static func ids(_ handle: PaginatedHandle<EndToEnd.CharacterPagesPaginationQuery>) -> [String] {
    handle.phase.data?.characterPages.charactersConnection.edges.map(\.node.id) ?? []
  }

  @Test func theFragmentPagesToTheEndThroughItsRefetchQuery() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let pages = environment.watchPaginated(EndToEnd.CharacterPagesPaginationQuery(count: .value(15)))
    try await pages.handle.settledData()
    #expect(Self.ids(pages) == numberedIDs(1...15))
    #expect(pages.hasNext && !pages.hasPrevious)
    await pages.loadNext(15).value
    #expect(Self.ids(pages) == numberedIDs(1...30))
    await pages.loadNext(15).value
    #expect(Self.ids(pages) == numberedIDs(1...40))
    #expect(!pages.hasNext)
    #expect(pages.nextFetch == .idle)
    await pages.loadNext(15).value
    #expect(try await server.requestCount(operationName: "CharacterPagesPaginationQuery") == 3)
    #expect(pages.phase.data?.characterPages.charactersConnection.totalCount == 40)
  }

  @Test func aConnectionInAnInlineFragmentOnTheSameTypePages() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(EndToEnd.CharacterListInlineQuery(count: .value(20)))
    try await list.handle.settledData()
    await list.loadNext(20).value
    #expect(list.phase.data?.charactersConnection.edges.map(\.node.id) == numberedIDs(1...40))
    #expect(!list.hasNext)
  }

  @Test func refetchWithNewVariablesIsAnotherConnection() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let pages = environment.watchPaginated(EndToEnd.CharacterPagesPaginationQuery(count: .value(2)))
    try await pages.handle.settledData()
    #expect(Self.ids(pages) == ["1", "2"])
    let smiths = EndToEnd.CharacterFilter(name: .value("smith"))
    await pages.refetch(EndToEnd.CharacterPagesPaginationQuery(count: .value(2), filter: .value(smiths)))
    #expect(Self.ids(pages) == ["2", "3"])
    await pages.loadNext(2).value
    #expect(Self.ids(pages) == ["2", "3", "4", "5"])
    #expect(pages.phase.data?.characterPages.charactersConnection.edges.allSatisfy { $0.node.name.contains("Smith") } == true)
    // The first connection is still there, with its own page.
    let everyone = environment.watchPaginated(EndToEnd.CharacterPagesPaginationQuery(count: .value(2)), policy: .storeOnly)
    #expect(Self.ids(everyone) == ["1", "2"])
  }

  @Test func aHostQueryReadsTheFragmentWithTheValuesItsArgumentsGive() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let host = environment.watch(EndToEnd.CharacterPagesHostQuery())
    let data = try await host.settledData()
    // `@arguments(count: 3)`: the text sent has `first: 3` inlined, and the fragment reads
    // the connection stored for three.
    #expect(EndToEnd.CharacterPagesHostQuery.document.contains("charactersConnection(first: 3, after: null, filter: null)"))
    #expect(data.characterPages.charactersConnection.edges.map(\.node.id) == ["1", "2", "3"])
  }

  @Test func aFragmentOnATypeWithAKeyIsFetchedAgainThroughTheRootFieldTakingIt() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    // The fragment names its generated query.
    let card = environment.watch(EndToEnd.CharacterNameCard.RefetchQuery(id: "2"))
    let data = try await card.settledData()
    #expect(data.character?.characterNameCard.name == "Morty Smith")
    #expect(try await server.requestCount(operationName: "CharacterNameCardRefetchQuery") == 1)
  }
}
