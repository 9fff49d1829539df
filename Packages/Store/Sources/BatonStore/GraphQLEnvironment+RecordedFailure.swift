extension GraphQLEnvironment {
  /// Records a failed fetch of the request `handle` watches without any fetch running,
  /// as if one had just settled with `failure`: how BatonTesting's previews show a failure
  /// with no server to fail.
  package func recordFailedFetch<Request>(_ failure: FetchFailure, of handle: OperationHandle<Request>) {
    update { state in
      guard var entry = state.operations[handle.key] else { return }
      entry.lifecycle.cancelRunning()
      entry.lifecycle = .failed(failure)
      entry.settledFetches += 1
      state.operations[handle.key] = entry
      state.refresh(reread: [], restatus: entry.holders, now: clock.now)
    }
  }
}
