import Baton
import BatonTestServer
import BatonTesting
import Foundation
import SWAPIOperations
import TestPrerequisites
import Testing

/// A SWAPI-style app over the loopback server's `--schema swapi` (root type `Root`, ids
/// unique across types, `node(id:)`): a list opened in the middle pages both ways, a child
/// view pages a film's cast from the fragment its parent read, a root `@refetchable`
/// fragment reads and pages after other queries ran, and every page request is in the log.
@Suite(.serialized, .requires(.testServer)) struct SWAPIEndToEndTests {
  static let shared = SharedServer(schema: "swapi")

  static func cursor(_ person: Int) -> String { Data("Person:person\(person)".utf8).base64EncodedString() }

  static func people(_ range: ClosedRange<Int>) -> [String] { range.map { "person\($0)" } }

  static func ids(_ list: PaginatedHandle<SWAPI.PeopleListQuery>) -> [String] {
    list.phase.data?.allPeople.edges.map(\.node.id) ?? []
  }

  @Test func pagesBothWaysFromAListOpenedBeforeACursor() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(SWAPI.PeopleListQuery(last: .value(3), before: .value(Self.cursor(10))))
    try await list.handle.settledData()
    #expect(Self.ids(list) == Self.people(7...9))
    #expect(list.hasNext && list.hasPrevious)
    await list.loadNext(3).value
    #expect(Self.ids(list) == Self.people(7...12))
    await list.loadNext(3).value
    await list.loadNext(3).value
    #expect(Self.ids(list) == Self.people(7...16))
    #expect(!list.hasNext)
    await list.loadPrevious(3).value
    await list.loadPrevious(3).value
    #expect(Self.ids(list) == Self.people(1...16))
    #expect(!list.hasPrevious)
    #expect(list.nextFetch == .idle && list.previousFetch == .idle)
    let body = try await server.lastRequestBody()
    #expect(body?["variables"]?["after"] == .null && body?["variables"]?["first"] == .null)
  }

  @Test func pagesBackFromAListOpenedAfterACursor() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(SWAPI.PeopleListQuery(first: .value(3), after: .value(Self.cursor(10))))
    try await list.handle.settledData()
    #expect(Self.ids(list) == Self.people(11...13))
    await list.loadPrevious(3).value
    #expect(Self.ids(list) == Self.people(8...13))
    await list.loadPrevious(10).value
    #expect(Self.ids(list) == Self.people(1...13))
    #expect(!list.hasPrevious)
    // Nothing more to load: no request is sent however often a view asks.
    for _ in 0..<5 { await list.loadPrevious(3).value }
    #expect(try await server.requestCount(operationName: "PeopleList") == 3)
    await list.loadNext(3).value
    #expect(Self.ids(list) == Self.people(1...16))
  }

  @Test func aRootRefetchableFragmentReadsAndPagesAfterOtherQueries() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let films = try await environment.watch(SWAPI.FilmTitlesQuery()).settledData()
    #expect(films.allFilms.map(\.title).first == "A New Hope")
    let feed = environment.watchPaginated(SWAPI.PeopleFeedPaginationQuery())
    let data = try await feed.handle.settledData()
    #expect(data.peopleFeed.allPeople.edges.map(\.node.name) == ["Luke Skywalker", "C-3PO", "R2-D2"])
    #expect(try await server.requestCount(operationName: "PeopleFeedPaginationQuery") == 1)
    await feed.loadNext(3).value
    #expect(feed.phase.data?.peopleFeed.allPeople.edges.map(\.node.id) == Self.people(1...6))
    // Refetching it after still other queries reads it again, from the store and the server.
    _ = try await environment.watch(SWAPI.FilmDetailQuery(id: "film2")).settledData()
    await feed.refetch()
    #expect(feed.phase.data?.peopleFeed.allPeople.edges.map(\.node.id) == Self.people(1...3))
  }

  @Test func aChildPagesAFilmsCastFromTheFragmentItsParentRead() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let detail = environment.watch(SWAPI.FilmDetailQuery(id: "film4"))
    let cast = try #require(try await detail.settledData().film).filmCast
    #expect(cast.characterConnection.edges.map(\.node.name) == ["C-3PO", "R2-D2"])
    let pages = environment.watchPaginated(SWAPI.FilmCast.RefetchQuery.self, fragment: cast)
    #expect(pages.hasNext && !pages.hasPrevious)
    await pages.loadNext(2).value
    #expect(pages.nextFetch == .idle)
    let names = ["C-3PO", "R2-D2", "Obi-Wan Kenobi", "Anakin Skywalker"]
    #expect(pages.data?.characterConnection.edges.map(\.node.name) == names)
    // The page merged into the connection the parent reads.
    try await eventually("the parent shows the page") {
      detail.phase.data?.film?.filmCast.characterConnection.edges.count == 4
    }
    #expect(detail.phase.data?.film?.filmCast.characterConnection.edges.map(\.node.name) == names)
    await pages.loadNext(2).value
    #expect(pages.data?.characterConnection.edges.last?.node.name == "Yoda")
    #expect(!pages.hasNext)
    let body = try await server.lastRequestBody()
    #expect(body?["operationName"] == "FilmCastPaginationQuery")
    #expect(body?["variables"]?["id"] == "film4")
    #expect(try await server.requestCount(operationName: "FilmCastPaginationQuery") == 2)
  }

  @Test func aChildPagesTheRootFragmentItsParentRead() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let home = environment.watch(SWAPI.HomeQuery())
    let feed = try await home.settledData().peopleFeed
    let pages = environment.watchPaginated(SWAPI.PeopleFeed.RefetchQuery.self, fragment: feed)
    await pages.loadNext(3).value
    await pages.loadNext(3).value
    #expect(pages.data?.allPeople.edges.map(\.node.id) == Self.people(1...9))
    try await eventually("the parent shows the pages") {
      home.phase.data?.peopleFeed.allPeople.edges.count == 9
    }
  }

  @Test func aFailedPageAndItsRetryAreInTheLog() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(SWAPI.PeopleListQuery(first: .value(3)))
    try await list.handle.settledData()
    try await server.control([
      "command": "pageFault", "connection": "allPeople", "after": .string(Self.cursor(3)), "status": 500, "count": 1,
    ])
    await list.loadNext(3).value
    #expect(list.nextFetch.failure?.kind == .http(status: 500))
    await list.loadNext(3).value
    #expect(Self.ids(list) == Self.people(1...6))
    let events = environment.log.events.filter { $0.owner?.description == "operation PeopleList" }.map(\.kind)
    let failures = events.filter { if case .fetchFailed = $0 { true } else { false } }
    #expect(events.filter { $0 == .fetch("query") }.count == 1)
    #expect(events.filter { $0 == .fetch("page") }.count == 2)
    #expect(failures.count == 1)
    if case .fetchFailed(let failure)? = failures.first { #expect(failure.kind == .http(status: 500)) }
  }
}
