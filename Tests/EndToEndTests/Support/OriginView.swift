import Baton
import EndToEndOperations

/// What query A shows of Rick's origin in one snapshot.
struct OriginView: Sendable, Hashable {
  var name: String?
  var dimension: String?
  var isStale: Bool
  var isFetching: Bool

  init(_ snapshot: OperationSnapshot<EndToEnd.RickOriginQuery.Data>) {
    let origin = snapshot.phase.data?.character?.originDetails.origin
    name = origin?.name
    dimension = origin?.dimension
    isStale = snapshot.isStale
    isFetching = snapshot.fetch.isInFlight
  }
}
