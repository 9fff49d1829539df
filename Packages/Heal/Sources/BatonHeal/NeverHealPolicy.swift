import BatonStore

/// Never refetches: missing data stays a zero value until something else fetches the
/// operation. The environment still logs it, marks the operation stale, and in a debug
/// build raises a runtime issue.
public struct NeverHealPolicy: HealPolicy {
  /// The policy; it has nothing to set.
  public init() {}

  /// Never refetches: missing data is logged and marks the operation stale, no more.
  public func shouldRefetch(_ request: HealRequest) -> Bool {
    false
  }
}

extension HealPolicy where Self == NeverHealPolicy {
  /// Report missing data, never refetch it.
  public static var never: NeverHealPolicy { NeverHealPolicy() }
}
