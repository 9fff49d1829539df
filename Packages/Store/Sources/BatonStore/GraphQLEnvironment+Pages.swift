import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// Fetches one page of `Request`'s connection (the operation with `variables`) and writes
  /// it: its records, then its edges merged into the connection. No operation entry is
  /// made for the page: the handle that asked reads the connection through its own request.
  ///
  /// - Returns: `nil` when the calling task was cancelled or the store reset meanwhile
  ///   (nothing is written then), else the outcome; a failure writes nothing.
  func fetchPage<Request: GraphQLOperation>(
    _ type: Request.Type, variables: [String: JSONValue]
  ) async -> Result<Void, FetchFailure>? {
    let operation = Request.operation
    let request = GraphQLRequest(
      query: Request.document, operationName: operation.name.isEmpty ? nil : operation.name, variables: variables,
      onError: operation.onError, operationID: Request.operationID)
    let start = StoreChanges.FetchStart(
      key: "", id: 0, request: request, reader: OperationRead(operation: operation, variables: variables))
    let resets = state.withLock { $0.resets }
    guard let outcome = await exchange(start), !Task.isCancelled else { return nil }
    switch outcome {
    case .failure(let failure):
      return state.withLock({ $0.resets }) == resets ? .failure(failure) : nil
    case .success(let payload):
      let written = update { state in
        guard state.resets == resets else { return false }
        let written = state.commitResponse(payload, reader: start.reader, at: clock.now, logsPages: true)
        state.recordsChanged(written.changed.union(written.aged), now: clock.now)
        return true
      }
      return written ? .success(()) : nil
    }
  }

  /// The store's records as reads see them now.
  var visibleRecords: RecordSource { state.withLock { $0.visible } }
}
