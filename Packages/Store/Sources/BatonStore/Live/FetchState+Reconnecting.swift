extension FetchState {
  /// Whether a subscription's connection is down and being re-established.
  public var isReconnecting: Bool {
    if case .reconnecting = self { return true }
    return false
  }
}
