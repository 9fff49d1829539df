import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import StoreTestOperations
import Testing

/// Under `onError: NULL` a field error on a non-null field inside a spread nulls the nearest
/// nullable ancestor in the response, as the server's PROPAGATE would: here the list item
/// holding the spread. The spread keeps the schema's type; the same from cache as from
/// network, and a refetch without the error brings the item back.
@Suite(.serialized, .taped) struct OnErrorNullSpreadTests {
  static let shared = SharedServer()

  @Test func aFieldErrorInASpreadNullsTheListItemTheSameFromNetworkAndStore() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:2.species", "message": "species unavailable"])
    let environment = server.environment()
    let network = environment.watch(NullOnError.CharacterCardsQuery(ids: ["1", "2"]))
    let fromNetwork = try await network.settledData()
    #expect(environment.records["Character:2"]?["species"] == RecordField(.null, errors: [FieldError(message: "species unavailable")]))
    #expect(fromNetwork.charactersByIds.count == 2)
    // The spread is the fragment itself, not an optional: the null landed on the item.
    let rick: NullOnError.NullCard? = fromNetwork.charactersByIds[0]?.nullCard
    #expect(rick?.name == "Rick Sanchez" && rick?.species == "Human")
    #expect(fromNetwork.charactersByIds[1] == nil)
    let event = try #require(network.fieldErrors.first)
    #expect(event.owner == .fragment("NullCard") && event.record == "Character:2" && event.field == "species")
    #expect(event.kind == .fieldError([FieldError(message: "species unavailable")]))
    #expect(environment.log.events.contains { $0.kind == .fieldError([FieldError(message: "species unavailable")]) && $0.record == "Character:2" })

    let cached = environment.watch(NullOnError.CharacterCardsQuery(ids: ["1", "2"]), policy: .storeOnly)
    #expect(cached.phase.data == fromNetwork)
    #expect(cached.fieldErrors == network.fieldErrors)

    try await server.control(["command": "clearFieldErrors"])
    await network.refetch()
    let healed = try await network.snapshots(until: { $0.phase.data?.charactersByIds[1] != nil }, within: .seconds(10))
    #expect(healed.last?.phase.data?.charactersByIds[1]?.nullCard.species == "Human")
    #expect(network.fieldErrors.isEmpty)
  }
}
