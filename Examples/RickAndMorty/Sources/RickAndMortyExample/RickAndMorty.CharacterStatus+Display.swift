import RickAndMortyAPI

extension RickAndMorty.CharacterStatus {
  /// The status as the screen spells it: `Alive`, `Dead`, `Unknown`, or a status this app
  /// was built without, as the server sent it.
  var displayName: String {
    switch self {
    case .alive: "Alive"
    case .dead: "Dead"
    case .unknown: "Unknown"
    case .__unknown(let value): value
    }
  }
}
