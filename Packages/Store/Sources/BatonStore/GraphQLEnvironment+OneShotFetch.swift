import BatonTransport

extension GraphQLEnvironment {
  /// Fetches an operation once and returns its data: Apollo iOS's `fetch`, for code that
  /// needs the data and not a handle to watch.
  ///
  /// It watches the operation with `policy` and returns when the handle settles: ready with
  /// no fetch in flight (its data), or failed. The handle is dropped on return, so nothing
  /// keeps watching, and the operation stays in the store's release buffer like any released
  /// handle's.
  ///
  /// The default policy is `.storeOrNetwork`, Apollo's `.cacheFirst`: complete, fresh store
  /// data is returned without a request. Pass `.networkOnly` for Apollo's `.networkOnly`.
  /// With `.storeAndNetwork` the data returned is what the handle shows after its fetch:
  /// the server's, or the store's when a fetch fails behind it.
  ///
  /// Field errors do not fail the fetch unless the operation's directives say so
  /// (`@throwOnFieldError`, `onError: HALT`): they are read on the data, as on a handle.
  ///
  /// - Throws: `OperationError` when the handle fails. A fetch that brings no data (no
  ///   connection, an HTTP status without a GraphQL response, a malformed response, or
  ///   request errors without data) is `OperationError.fetch` with its `FetchFailure`,
  ///   whose `kind` says which. `CancellationError` when the calling task is cancelled: the
  ///   handle is dropped at once, which cancels its fetch in flight when no other handle
  ///   holds the operation.
  public func fetch<Request: GraphQLOperation>(
    _ request: Request, policy: FetchPolicy = .storeOrNetwork
  ) async throws -> Request.Data {
    // A handle dropped on return: its reads keep nothing for a next read.
    let reader = OperationRead(operation: Request.operation, variables: request.variables)
    let handle = watch(
      request, policy: policy, reader: reader,
      fetch: WatchFetch(request: GraphQLRequest(request), reader: reader, staleAfter: Request.staleAfter),
      cachesReads: false)
    // `snapshots` ends when the task is cancelled, so the loop ends on a settled snapshot or
    // on cancellation.
    for await snapshot in handle.snapshots where !snapshot.fetch.isInFlight {
      switch snapshot.phase {
      case .ready(let data): return data
      case .failed(let error): throw error
      case .loading: continue
      }
    }
    throw CancellationError()
  }
}
