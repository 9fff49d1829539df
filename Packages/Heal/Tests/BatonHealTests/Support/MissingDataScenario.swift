import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations

/// ARCHITECTURE.md §6 in process: query A reads Earth's name and dimension; query B then learns
/// that Rick's origin is `Location:20`, of which only the id arrives, so A's read misses
/// `name` and `dimension` of `Location:20`.
struct MissingDataScenario {
  static let earth: JSONValue = [
    "__typename": "Location", "id": "1", "name": "Earth (C-137)", "dimension": "Dimension C-137",
  ]

  let transport = ScriptedTransport()
  let environment: GraphQLEnvironment
  let origin: OperationHandle<EndToEnd.RickOriginQuery>
  let originID: OperationHandle<EndToEnd.RickOriginIDQuery>

  /// Runs A, then B, and returns once B's data is in the store.
  init(heal: (any HealPolicy)?) async throws {
    transport.answerAlways(
      .data(["character": ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "origin": Self.earth]]),
      for: "RickOrigin")
    transport.answerAlways(
      .data(["character": ["__typename": "Character", "id": "1", "origin": ["__typename": "Location", "id": "20"]]]),
      for: "RickOriginID")
    environment = GraphQLEnvironment(transport: transport, heal: heal)
    let origin = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await eventually("A's data") { origin.phase.data != nil && !origin.fetch.isInFlight }
    self.origin = origin
    let originID = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
    try await eventually("B's data") { originID.phase.data != nil && !originID.fetch.isInFlight }
    self.originID = originID
  }

  /// The name A's read shows for Rick's origin.
  var originName: String? {
    origin.phase.data?.character?.originDetails.origin?.name
  }
}
