/// Sends a request and reports what comes back: `HTTPTransport` speaks GraphQL over HTTP; a
/// test or an app may bring its own, and the environment gets from it all it gets from
/// `HTTPTransport`.
///
/// The replies are, in order, what the environment must know: each payload of the GraphQL
/// response (one for a plain response; the initial payload and each subsequent one when the
/// request `usesIncrementalDelivery`), with the HTTP status where the transport has one, and
/// a notice each time a try failed and the next waits (`RetryPart`). The stream throws a
/// `TransportError` saying why there is no response; any other error counts as a transport
/// failure, and `CancellationError` means the last holder went away and is not a failure. A
/// payload that is not a GraphQL response fails as malformed. When the consumer stops
/// iterating, the transport stops the request.
///
/// A transport with one payload to give makes its replies with `TransportReplies.payload(_:)`.
public protocol Transport: Sendable {
  /// Sends `request` and gives its replies as they come; `context` says what the
  /// environment passes along with it (the clock a retry waits on).
  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies
}

/// What a transport reports for one request, in order; see `Transport`.
public typealias TransportReplies = AsyncThrowingStream<TransportReply, any Error>
