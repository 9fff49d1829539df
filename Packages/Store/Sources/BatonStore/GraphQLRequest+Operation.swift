import BatonTransport

extension GraphQLRequest {
  /// The request for an operation instance.
  init<O: GraphQLOperation>(_ operation: O) {
    let metadata = O.operation
    self.init(
      query: O.document, operationName: metadata.name.isEmpty ? nil : metadata.name, variables: operation.variables,
      onError: metadata.onError, operationID: O.operationID, kind: metadata.kind,
      usesIncrementalDelivery: metadata.usesIncrementalDelivery)
  }
}
