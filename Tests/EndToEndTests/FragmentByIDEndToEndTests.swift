import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// A fragment watched by its record's id against the loopback server: a query's reply
/// that writes the record reaches it, and a `@refetchable` fragment the store lacks is
/// fetched through its generated query.
@Suite(.serialized, .requires(.testServer)) struct FragmentByIDEndToEndTests {
  static let shared = SharedServer()

  @Test func aFragmentWatchedByIDUpdatesWhenAQueryWritesIt() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let query = environment.watch(EndToEnd.CharacterNameCard.RefetchQuery(id: "2"))
    try await query.settledData()
    let card = environment.watch(fragment: EndToEnd.CharacterNameCard.self, id: "Character:2")
    #expect(card.phase.data?.name == "Morty Smith")

    // Another client renames him; this one's query fetches again and writes the record.
    _ = try await server.environment().mutate(EndToEnd.RenameCharacterMutation(id: "2", name: "Evil Morty"))
    await query.refetch()
    try await card.snapshots(until: { $0.phase.data?.name == "Evil Morty" })
    #expect(environment.read(fragment: EndToEnd.CharacterNameCard.self, id: "Character:2") == card.phase.data)
    #expect(try await server.requestCount(operationName: "CharacterNameCardRefetchQuery") == 2, "the card fetched nothing itself")
  }

  @Test func aRefetchableFragmentTheStoreLacksIsFetchedThroughItsQuery() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    // The rename's reply writes the record's id and name, not the species the card reads.
    _ = try await environment.mutate(EndToEnd.RenameCharacterMutation(id: "3", name: "Summer"))
    #expect(environment.read(fragment: EndToEnd.CharacterNameCard.self, id: "Character:3") == nil)

    let card = environment.watch(fragment: EndToEnd.CharacterNameCard.self, id: "Character:3")
    let data = try await card.settledData()
    #expect(data.name == "Summer" && data.species == "Human")
    #expect(try await server.requestCount(operationName: "CharacterNameCardRefetchQuery") == 1)
  }
}
