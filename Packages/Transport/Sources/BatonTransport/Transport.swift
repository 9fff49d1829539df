/// Sends a request and gives back the GraphQL response body. `HTTPTransport`
/// speaks GraphQL over HTTP; a test or an app may bring its own.
///
/// A transport returns the bytes of a GraphQL response (one the environment then
/// normalizes: a body that is not one fails as malformed) or throws a `TransportError`
/// saying why there is none. Any other error thrown counts as a transport failure;
/// `CancellationError` means the last holder went away and is not a failure.
public protocol Transport: Sendable {
  func send(_ request: GraphQLRequest) async throws -> [UInt8]
}
