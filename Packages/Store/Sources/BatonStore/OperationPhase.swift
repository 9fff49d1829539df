/// Where a handle's data stands.
public enum OperationPhase<Data: Sendable>: Sendable {
  /// No data yet: a fetch is on its way.
  case loading
  /// The data, from the store, possibly stale or being refreshed.
  case ready(Data)
  /// No data can be shown, and why.
  case failed(OperationError)

  /// The data when ready.
  public var data: Data? {
    if case .ready(let data) = self { return data }
    return nil
  }

  /// Whether the phase is `.loading`.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The error when failed.
  public var error: OperationError? {
    if case .failed(let error) = self { return error }
    return nil
  }
}
