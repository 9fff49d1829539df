import Baton
import BatonTestServer
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// The manifest `baton generate` wrote for the end-to-end operations
/// (`Tests/Support/EndToEndPersistedOperations.json`, Apollo's format) loaded by the
/// loopback server in persisted-only mode: generated operations go by id alone and run.
@Suite(.serialized, .requires(.testServer)) struct PersistedOperationsEndToEndTests {
  static let shared = SharedServer()

  static func persistedOnly(_ server: TestServer) async throws -> GraphQLEnvironment {
    let manifest = try RepositoryRoot.find().appendingPathComponent("Tests/Support/EndToEndPersistedOperations.json")
    try await server.control(["command": "persistedQueries", "mode": "persistedOnly", "manifest": .string(manifest.path)])
    let http = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30), usesGETForQueries: true)
    return GraphQLEnvironment(transport: TransportChain([PersistedQueryPart(.persistedOnly)], to: http))
  }

  @Test func generatedOperationsRunByIDFromTheGeneratedManifest() async throws {
    let server = try await Self.shared.fresh()
    let environment = try await Self.persistedOnly(server)
    let favorite = try await environment.fetch(EndToEnd.FavoriteCharacterQuery(id: "2"))
    #expect(favorite.character?.name == "Morty Smith")
    let cast = try await environment.fetch(EndToEnd.EpisodeCastQuery(id: "1"))
    #expect(cast.episode?.characters.isEmpty == false)
    guard case .array(let recent)? = try await server.requests()["recent"] else {
      Issue.record("no recent requests")
      return
    }
    #expect(recent.map { $0["method"]?.stringValue } == ["GET", "GET"])
    #expect(recent.allSatisfy { $0["path"]?.stringValue?.contains("query=") == false }, "only the id went")
    #expect(try await server.requests()["total"]?.intValue == 2)
  }

  @Test func theServerRefusesTextInPersistedOnlyMode() async throws {
    let server = try await Self.shared.fresh()
    _ = try await Self.persistedOnly(server)
    let withText = server.environment()
    await #expect(throws: OperationError.self) { try await withText.fetch(EndToEnd.FavoriteCharacterQuery(id: "2")) }
  }
}
