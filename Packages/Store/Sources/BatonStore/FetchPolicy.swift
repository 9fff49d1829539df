/// Where a handle's data may come from (Relay's fetch policies).
public enum FetchPolicy: Sendable, Hashable {
  /// The store's data when it has all of it and it is not stale; otherwise the network.
  /// Stale data stays visible while the refresh runs.
  case storeOrNetwork
  /// The store's data at once if it has it, and a fetch regardless.
  case storeAndNetwork
  /// Only what this handle's own fetch brings: the store's earlier data is not shown.
  case networkOnly
  /// Never the network; a missing read is not healed.
  case storeOnly

  /// Whether a handle with this policy lets a heal or a refresh use the network.
  var allowsNetwork: Bool { self != .storeOnly }
}
