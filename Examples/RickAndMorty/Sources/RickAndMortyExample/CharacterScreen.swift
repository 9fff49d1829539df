import Baton
import RickAndMortyAPI

/// What the character screen shows for one snapshot of `CharacterDetail`: the text a
/// view would put on screen, and the flags it would turn into indicators.
struct CharacterScreen: Sendable, Hashable {
  /// `Rick Sanchez (Alive)`, or empty while there is no data.
  var headline: String
  /// The species, or the caught error's message: `@catch` gives a `Result`.
  var species: Result<String, RickAndMorty.FieldErrors>?
  /// The origin's name through the `OriginDetails` fragment; `""` while the store misses it.
  var origin: String?
  var isRefreshing: Bool
  var isFetching: Bool
  var isStale: Bool
  /// The last fetch's failure, shown as a banner over the data.
  var failure: FetchFailure?

  init(_ snapshot: OperationSnapshot<RickAndMorty.CharacterDetailQuery.Data>) {
    let character = snapshot.phase.data?.character
    headline = character.map { "\($0.name) (\($0.status.displayName))" } ?? ""
    species = character?.species
    origin = character?.originDetails.origin?.name
    isRefreshing = snapshot.isRefreshing
    isFetching = snapshot.fetch.isInFlight
    isStale = snapshot.isStale
    failure = snapshot.fetch.failure
  }

  /// The species line: the value, or the error the field came with.
  var speciesText: String {
    switch species {
    case .success(let species): "species \(species)"
    case .failure(let errors): "species error \"" + errors.errors.map(\.message).joined(separator: "; ") + "\""
    case nil: "no species"
    }
  }

  /// `Rick Sanchez (Alive), origin Earth (C-137)`.
  var summary: String { "\(headline), origin \(origin ?? "none")" }
}
