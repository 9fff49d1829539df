import BatonTestServer
import BatonNormalizer
import BatonStore
import BatonTesting

/// DESIGN §6 in process: query A reads Earth's name and dimension; query B then learns
/// that Rick's origin is `Location:20`, of which only the id arrives, so A's read misses
/// `name` and `dimension` of `Location:20`.
struct MissingDataScenario {
  static let responses = [
    "Origin": """
      {"data": {"character": {"__typename": "Character", "id": "1", "origin":
        {"__typename": "Location", "id": "1", "name": "Earth (C-137)", "dimension": "Dimension C-137"}}}}
      """,
    "OriginID": """
      {"data": {"character": {"__typename": "Character", "id": "1", "origin": {"__typename": "Location", "id": "20"}}}}
      """,
  ]

  let transport = ScriptedTransport(Self.responses)
  let environment: GraphQLEnvironment
  let origin: OperationHandle<OriginQuery>
  let originID: OperationHandle<OriginIDQuery>

  /// Runs A, then B, and returns once B's data is in the store.
  init(heal: (any HealPolicy)?) async throws {
    environment = GraphQLEnvironment(transport: transport, heal: heal)
    let origin = environment.watch(OriginQuery())
    try await eventually("A's data") { origin.phase.data != nil && !origin.fetch.isInFlight }
    self.origin = origin
    let originID = environment.watch(OriginIDQuery(), policy: .networkOnly)
    try await eventually("B's data") { originID.phase.data != nil && !originID.fetch.isInFlight }
    self.originID = originID
  }

  /// The name A's read shows for Rick's origin (slot 2 of `character`, slot 2 of `origin`).
  var originName: String? {
    origin.phase.data?[0].objectValue?[2].objectValue?[2].stringValue
  }
}
