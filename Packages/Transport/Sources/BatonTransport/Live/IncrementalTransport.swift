import BatonNormalizer

/// A transport that can deliver one response in parts as the server sends them: the
/// initial payload and each subsequent one of `@defer` and `@stream` (the
/// incremental-delivery RFC's format), each a JSON body the environment normalizes in turn.
///
/// The environment sends an operation that uses `@defer` or `@stream` this way when its
/// transport is one; a server that answers with a single JSON response yields one payload.
/// `HTTPTransport` is one (`multipart/mixed`), and so is a `TransportChain`: its parts see
/// the initial payload as the reply, and the later payloads pass them by.
public protocol IncrementalTransport: Transport {
  /// Sends `request` and yields each payload's bytes as it arrives; throws a
  /// `TransportError` when the reply is not one the environment can read.
  func sendIncrementally(_ request: GraphQLRequest) -> AsyncThrowingStream<[UInt8], any Error>
}
