import BatonStore

/// The default heal: refetch the operation that read missing data.
///
/// The environment asks only when the operation has a holder that allows the network, and
/// at most once per fetch of it, so answering yes here means "refetch once per fetch": a
/// refetch that still finds data missing is not asked about again until the operation
/// fetches anew. The environment, not the policy, raises the runtime issues. It is also what
/// an environment made without `heal:` does.
public struct DefaultHealPolicy: HealPolicy {
  /// The default policy; it has nothing to set.
  public init() {}

  /// Always refetches: the environment asks at most once per fetch of an operation.
  public func shouldRefetch(_ request: HealRequest) -> Bool {
    RefetchOncePerFetch().shouldRefetch(request)
  }
}

extension HealPolicy where Self == DefaultHealPolicy {
  /// The default heal: refetch the operation that read missing data once per fetch.
  ///
  /// ```swift
  /// let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: url), heal: .default)
  /// ```
  public static var `default`: DefaultHealPolicy { DefaultHealPolicy() }
}
