import BatonNormalizer

/// Decides what happens when a read finds missing data. `BatonHeal` ships the
/// usual policies; a test passes its own.
///
/// Reporting is not the policy's job: whatever it answers, the environment logs the
/// `missing` events and, in a debug build, raises a runtime issue per missing field, at the
/// generated file of the fragment that read it, saying whether it is refetched.
///
/// The operation that read missing data is marked stale either way. The environment asks
/// `shouldRefetch` at most once per fetch of an operation, only when a handle holding it
/// allows the network, no fetch of it is in flight, and the read did not come from a heal
/// refetch (a heal never starts another). Otherwise it logs `healSkipped` with the reason
/// and calls `missingDataNotRefetched`, so a policy can still report the missing data.
public protocol HealPolicy: Sendable {
  /// Whether to refetch the operation that read `request.missing`.
  func shouldRefetch(_ request: HealRequest) -> Bool
  /// Told of missing data the environment will not refetch whatever `shouldRefetch` would
  /// answer, and `reason`, the one its `healSkipped` log event gives. Does nothing unless
  /// a policy implements it.
  func missingDataNotRefetched(_ request: HealRequest, reason: String)
}

extension HealPolicy {
  /// Does nothing: a policy that keeps no record of requests needs no word of heals not made.
  public func missingDataNotRefetched(_ request: HealRequest, reason: String) {}
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

  /// A request as the environment makes it; public so a test can call its own policy.
  public init(operationName: String, operationID: String, variables: [String: JSONValue] = [:], missing: [ReadEvent]) {
    self.operationName = operationName
    self.operationID = operationID
    self.variables = variables
    self.missing = missing
  }
}

/// The environment's policy when none is given, and what `BatonHeal`'s `.default` answers:
/// refetch the operation that read missing data. The environment asks at most once per fetch
/// of an operation, so yes here means "refetch once per fetch". It lives beside the protocol
/// because the store, which cannot import `BatonHeal`, heals by it when an app names none.
package struct RefetchOncePerFetch: HealPolicy {
  package init() {}

  package func shouldRefetch(_ request: HealRequest) -> Bool { true }
}
