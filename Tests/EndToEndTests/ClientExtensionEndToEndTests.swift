import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// A client extension field through the loopback server: the request leaves it out, the
/// response without it is not malformed, the unset field reads its zero value without a
/// heal refetch, and a local write shows in the handle.
@Suite(.serialized, .requires(.testServer)) struct ClientExtensionEndToEndTests {
  static let shared = SharedServer()

  @Test func theServerNeverSeesItAndTheStoreKeepsIt() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(heal: .default)
    let handle = environment.watch(EndToEnd.FavoriteCharacterQuery(id: "1"))
    let fetched = try await handle.settledData()
    #expect(fetched.character?.name == "Rick Sanchez")
    #expect(fetched.character?.isFavorite == false)

    let sent = try await server.lastRequestBody()
    guard case .object(let members) = sent, case .string(let query)? = members.first(where: { $0.key == "query" })?.value
    else { Issue.record("no query in the request: \(String(describing: sent))"); return }
    #expect(query.contains("name") && !query.contains("isFavorite"))

    environment.commitUpdate { updater in
      updater.setValue(.scalar(.bool(true)), forKey: "isFavorite", on: "Character:1")
    }
    try await eventually("the local write shows") { handle.snapshot.phase.data?.character?.isFavorite == true }
    #expect(handle.snapshot.phase.data?.character?.name == "Rick Sanchez")

    // Long enough for a heal refetch the unset field wrongly started to reach the server.
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await server.requestCount(operationName: "FavoriteCharacter") == 1)
    #expect(!environment.log.events.contains { $0.kind == .missing || $0.kind == .healRefetch })
    #expect(!handle.isStale)
  }
}
