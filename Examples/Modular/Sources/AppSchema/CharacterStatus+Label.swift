extension API.CharacterStatus {
  /// What every feature shows for a status: written once, beside the one enum they share.
  public var label: String {
    switch self {
    case .alive: "alive"
    case .dead: "dead"
    case .unknown: "unknown"
    case .__unknown(let value): value.lowercased()
    }
  }
}
