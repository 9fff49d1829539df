import BatonNormalizer

/// Decides what happens when a read finds missing data (DESIGN §6). `BatonHeal` ships the
/// usual policies; a test passes its own.
///
/// The environment asks at most once per fetch of an operation, and only when a handle
/// holding it allows the network; the operation is marked stale either way.
public protocol HealPolicy: Sendable {
  /// Whether to refetch the operation that read `request.missing`.
  func shouldRefetch(_ request: HealRequest) -> Bool
}

/// What a heal policy is told: which operation read missing data, and what was missing.
public struct HealRequest: Sendable, Hashable {
  /// The operation that read missing data.
  public var operationName: String
  /// Its stable id.
  public var operationID: String
  /// Its variables.
  public var variables: [String: JSONValue]
  /// The `missing` events of the read, each naming the owner, record and field.
  public var missing: [ReadEvent]
}

/// The environment's policy when none is given: report, never refetch.
struct NeverRefetch: HealPolicy {
  func shouldRefetch(_ request: HealRequest) -> Bool { false }
}
