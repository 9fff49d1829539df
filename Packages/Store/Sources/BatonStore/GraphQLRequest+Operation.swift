import BatonNormalizer
import BatonTransport

extension GraphQLRequest {
  /// The request for an operation instance.
  init<O: GraphQLOperation>(_ operation: O) {
    self.init(O.self, variables: operation.variables)
    uploads = operation.uploads
  }

  /// The request for an operation with `variables` worked out by the caller.
  init<O: GraphQLOperation>(_ type: O.Type, variables: [String: JSONValue]) {
    let metadata = O.operation
    self.init(
      query: O.document, operationName: metadata.name.isEmpty ? nil : metadata.name, variables: variables,
      onError: metadata.onError, operationID: O.operationID, kind: metadata.kind,
      usesIncrementalDelivery: metadata.usesIncrementalDelivery)
  }
}
