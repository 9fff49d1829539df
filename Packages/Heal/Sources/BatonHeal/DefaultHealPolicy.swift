import BatonStore

/// DESIGN §6's heal: refetch the operation that read missing data.
///
/// The environment asks only when the operation has a holder that allows the network, and
/// at most once per fetch of it, so answering yes here means "refetch once per fetch": a
/// refetch that still finds data missing is not asked about again until the operation
/// fetches anew. A debug build also raises a runtime issue for every missing field.
public struct DefaultHealPolicy: HealPolicy {
  public init() {}

  public func shouldRefetch(_ request: HealRequest) -> Bool {
    RuntimeIssues.reportMissingData(request, outcome: "is refetched once")
    return true
  }

  /// Missing data the environment will not refetch whatever a policy answers (no holder
  /// allows the network, a heal already spent on this fetch, ...): in a debug build, a
  /// runtime issue per missing field saying why.
  public func missingDataNotRefetched(_ request: HealRequest, reason: String) {
    RuntimeIssues.reportMissingData(request, outcome: "is not refetched: \(reason)")
  }
}
