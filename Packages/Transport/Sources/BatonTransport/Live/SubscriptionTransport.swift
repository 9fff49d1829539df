/// Carries subscriptions: `GraphQLWebSocketTransport` speaks graphql-transport-ws (or the
/// older subscriptions-transport-ws), `GraphQLSSETransport` graphql-sse, and
/// `GraphQLMultipartSubscriptionTransport` Apollo's multipart HTTP protocol; a test or an app
/// may bring its own.
///
/// The stream gives the subscription's events in order. It ends normally when the server
/// completes the subscription, and throws (a `TransportError`, or `FetchFailure`-worthy
/// error) when it ends for good. A transport that reconnects yields `.disconnected` for
/// every attempt and `.connected` once the subscription runs again. When the consumer stops
/// iterating (the last handle went), the transport tells the server the subscription is
/// complete.
///
/// A protocol beside `Transport`, not a kind of request to it: a subscription lives on a
/// connection that outlives any one reply (it connects, drops, reconnects and goes on), and
/// the environment shows those states on the handle, which a request's replies do not have.
public protocol SubscriptionTransport: Sendable {
  /// Starts `request` and gives its events.
  func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error>
}

/// What a subscription transport reports.
public enum SubscriptionEvent: Sendable, Hashable {
  /// The subscription runs on the server (again, after a reconnection).
  case connected
  /// One result: a GraphQL response body (`data`, `errors`, `extensions`).
  case next([UInt8])
  /// The connection went down; the transport is trying again, `attempt` counting from 1.
  case disconnected(attempt: Int)
}
