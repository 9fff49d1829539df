import BatonHeal
import BatonStore

extension HealPolicy where Self == DefaultHealPolicy {
  /// DESIGN §6's heal: report missing data and refetch the operation once per fetch.
  ///
  /// ```swift
  /// let environment = Environment(transport: HTTPTransport(endpoint: url), heal: .default)
  /// ```
  public static var `default`: DefaultHealPolicy { DefaultHealPolicy() }
}
