import Baton
import BatonTestServer
import BatonTesting
import Foundation
import RickAndMortyAPI

/// The example's honest-data story in short, against the loopback server, leaving a store
/// with something of each thing the inspector shows: a field error stored beside its
/// field, a stale operation, a healed origin and a fetch that failed behind data.
///
/// 1. Rick (`CharacterDetail(id: 1)`) loads.
/// 2. Morty (`CharacterDetail(id: 2)`) loads with a field error on `species`.
/// 3. Another query moves Rick's origin to `Location:20`, which Rick's screen never
///    fetched: a `missing` event, one heal refetch, and the origin reads
///    "Earth (Replacement Dimension)".
/// 4. Morty's screen closes and something marks Morty out of date:
///    `invalidate(record: "Character:2")`; no handle holds it, so it stays stale.
/// 5. Summer (`CharacterDetail(id: 3)`) loads, then a refetch fails with HTTP 500.
/// 6. With `pages`: a list of characters (`CharacterConnection`) loads two pages of five,
///    so the store holds a connection, its edges and its page log.
public struct InspectorStory: Sendable {
  /// The healed origin's name, which the heal refetch brings.
  public static let healedOrigin = "Earth (Replacement Dimension)"
  /// The stored field error's message.
  public static let fieldErrorMessage = "species unavailable"

  /// The environment the story filled (heal `.default`, `staleAfter` 300 s).
  public let environment: GraphQLEnvironment
  /// Rick's screen, held: refetching it makes a fetch the live feed reports.
  public let rick: OperationHandle<RickAndMorty.CharacterDetailQuery>
  /// Summer's screen, held: its last refetch failed with HTTP 500 behind its data.
  public let summer: OperationHandle<RickAndMorty.CharacterDetailQuery>
  /// The list of characters, held, when the story was told with pages.
  public let list: PaginatedHandle<RickAndMorty.CharacterConnectionQuery>?

  /// Tells the story on `server`; the image goes to `imageURL` when it is given, and
  /// `pages` adds the list of characters.
  public static func tell(on server: TestServer, imageURL: URL?, pages: Bool = false) async throws -> InspectorStory {
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30)),
      persistence: try imageURL.map { try FileImage(at: $0, debounce: .zero) }, heal: .default,
      staleAfter: .seconds(300))
    let rick = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
    try await settle(rick, "Rick's first load")

    try await server.control([
      "command": "fieldError", "target": "Character:2.species", "message": .string(fieldErrorMessage),
      "extensions": ["code": "UNAVAILABLE"],
    ])
    try await settle(environment.watch(RickAndMorty.CharacterDetailQuery(id: "2")), "Morty's load")

    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    let moved = environment.watch(RickAndMorty.CharacterOriginIDQuery(id: "1"), policy: .networkOnly)
    try await eventually("the heal of Rick's origin", within: .seconds(30)) {
      moved.phase.data != nil && rick.snapshot.phase.data?.character?.originDetails.origin?.name == healedOrigin
        && !rick.snapshot.fetch.isInFlight
    }

    environment.invalidate(record: RecordID("Character:2"))

    let summer = environment.watch(RickAndMorty.CharacterDetailQuery(id: "3"))
    try await settle(summer, "Summer's load")
    try await server.control(["command": "respond", "status": 500, "count": 1])
    await summer.refetch()
    var list: PaginatedHandle<RickAndMorty.CharacterConnectionQuery>?
    if pages {
      let characters = environment.watchPaginated(RickAndMorty.CharacterConnectionQuery(count: .value(5)))
      try await eventually("the list's first page", within: .seconds(30)) {
        characters.handle.snapshot.phase.data != nil && !characters.handle.snapshot.fetch.isInFlight
      }
      await characters.loadNext(5).value
      list = characters
    }
    environment.flush()
    return InspectorStory(environment: environment, rick: rick, summer: summer, list: list)
  }

  private static func settle(_ handle: OperationHandle<RickAndMorty.CharacterDetailQuery>, _ what: String) async throws {
    try await eventually(what, within: .seconds(30)) { handle.snapshot.phase.data != nil && !handle.snapshot.fetch.isInFlight }
  }
}
