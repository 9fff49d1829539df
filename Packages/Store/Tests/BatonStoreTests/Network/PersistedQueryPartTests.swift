import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTransport
import Foundation
import StoreTestOperations
import Testing

/// Automatic persisted queries, persisted-only operations and GET queries against the
/// loopback server's modes.
@Suite(.serialized, .taped) struct PersistedQueryPartTests {
  static let shared = SharedServer()

  @Test func automaticMissesThenSendsTheTextOnceThenHits() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "persistedQueries", "mode": "automatic"])
    let environment = server.environment(parts: [PersistedQueryPart(.automatic)])
    let first = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(first.character?.name == "Rick Sanchez")
    let bodies = try await server.recentRequests().map { $0["body"] }
    #expect(bodies.count == 2)
    #expect(bodies.first??["query"] == nil)
    #expect(bodies.first??["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue == CharacterDetail.operationID)
    #expect(bodies.last??["query"]?.stringValue == CharacterDetail.document)
    #expect(try await server.network()["persistedMisses"]?.intValue == 1)

    let second = try await environment.fetch(CharacterDetail(id: "2"))
    #expect(second.character?.name == "Morty Smith")
    #expect(try await server.requests()["total"]?.intValue == 3, "the hash alone: a hit")
    #expect(try await server.lastRequestBody()?["query"] == nil)
  }

  @Test func persistedOnlySendsTheIDAlone() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "persistedQueries", "mode": "persistedOnly",
      "operations": [.init(stringLiteral: CharacterDetail.operationID): .string(CharacterDetail.document)],
    ])
    let environment = server.environment(parts: [PersistedQueryPart(.persistedOnly)])
    let data = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(data.character?.name == "Rick Sanchez")
    #expect(try await server.requests()["total"]?.intValue == 1)
    #expect(try await server.lastRequestBody()?["query"] == nil)
  }

  @Test func persistedOnlyWithAnUnknownIDFailsWithTheServersError() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "persistedQueries", "mode": "persistedOnly", "operations": [:]])
    let environment = server.environment(parts: [PersistedQueryPart(.persistedOnly)])
    let failure = try await environment.watch(CharacterDetail(id: "1")).fetchFailure()
    guard case .graphQL(let errors) = failure.kind else {
      Issue.record("expected GraphQL errors, got \(failure)")
      return
    }
    #expect(errors.map(\.message) == ["PersistedQueryNotFound"])
    #expect(try await server.requests()["total"]?.intValue == 1, "persisted-only never resends with text")
  }

  @Test func queriesGoAsGETAndMutationsAsPOST() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [], usesGETForQueries: true)
    let data = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(data.character?.name == "Rick Sanchez")
    _ = try await environment.mutate(StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick + Co & more"))
    let recent = try await server.recentRequests()
    #expect(recent.map { $0["method"]?.stringValue } == ["GET", "POST"])
    #expect(recent.first?["path"]?.stringValue?.hasPrefix("/graphql?query=") == true)
    let again = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(again.character?.name == "Pickle Rick + Co & more", "the GET's text survived the URL encoding")
  }

  @Test func aQueryLongerThanTheGETLimitGoesAsPOST() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [], usesGETForQueries: true, maximumGETLength: 80)
    _ = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(try await server.recentRequests().map { $0["method"]?.stringValue } == ["POST"])
  }

  @Test func automaticPersistedQueriesOverGETAreShortURLs() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "persistedQueries", "mode": "automatic"])
    for _ in 0..<2 {
      // A new store each time, as a new install would be: the second asks the server again.
      let environment = server.environment(parts: [PersistedQueryPart(.automatic)], usesGETForQueries: true)
      _ = try await environment.fetch(CharacterDetail(id: "1"))
    }
    let recent = try await server.recentRequests()
    #expect(recent.map { $0["method"]?.stringValue } == ["GET", "GET", "GET"])
    let paths = recent.compactMap { $0["path"]?.stringValue }
    #expect(paths.map { $0.contains("query=") } == [false, true, false])
    #expect(paths.last.map { $0.utf8.count < 300 } == true, "by hash, the URL is short: \(paths.last ?? "")")
  }
}
