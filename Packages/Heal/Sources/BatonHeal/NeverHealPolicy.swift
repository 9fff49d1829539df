import BatonStore

/// Never refetches: missing data stays a zero value until something else fetches the
/// operation. It is still logged, marks the operation stale, and in a debug build raises a
/// runtime issue.
public struct NeverHealPolicy: HealPolicy {
  public init() {}

  public func shouldRefetch(_ request: HealRequest) -> Bool {
    RuntimeIssues.reportMissingData(request, outcome: "is not refetched (heal policy: never)")
    return false
  }

  /// Missing data the environment would not refetch anyway: in a debug build, a runtime
  /// issue per missing field saying why.
  public func missingDataNotRefetched(_ request: HealRequest, reason: String) {
    RuntimeIssues.reportMissingData(request, outcome: "is not refetched: \(reason)")
  }
}

extension HealPolicy where Self == NeverHealPolicy {
  /// Report missing data, never refetch it.
  public static var never: NeverHealPolicy { NeverHealPolicy() }
}
