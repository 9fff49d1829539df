/// The GraphQL-over-WebSocket protocol a `GraphQLWebSocketTransport` speaks: the message
/// names differ, the flow is one (`connection_init`, acknowledged; then per subscription a
/// start, data, and an end from either side).
public enum GraphQLWebSocketProtocol: Sendable, Hashable {
  /// `graphql-transport-ws`, the `graphql-ws` library's: `subscribe`, `next`, `complete`,
  /// and `ping`/`pong` both ways. What current servers speak (Apollo Server 3+, Yoga,
  /// Hasura, strawberry, ariadne).
  case graphqlTransportWS
  /// The `graphql-ws` subprotocol of the older `subscriptions-transport-ws` library:
  /// `start`, `data`, `stop`, `connection_error`, and `ka` keep-alives from the server
  /// only. Apollo Server 2 and many servers in production still speak it.
  case subscriptionsTransportWS

  /// The name the opening handshake offers in `Sec-WebSocket-Protocol`.
  var subprotocol: String {
    switch self {
    case .graphqlTransportWS: "graphql-transport-ws"
    case .subscriptionsTransportWS: "graphql-ws"
    }
  }

  /// The client's message that starts a subscription.
  var startType: String {
    switch self {
    case .graphqlTransportWS: "subscribe"
    case .subscriptionsTransportWS: "start"
    }
  }

  /// The client's message that stops one.
  var stopType: String {
    switch self {
    case .graphqlTransportWS: "complete"
    case .subscriptionsTransportWS: "stop"
    }
  }

  /// The server's message that carries one result.
  var dataType: String {
    switch self {
    case .graphqlTransportWS: "next"
    case .subscriptionsTransportWS: "data"
    }
  }

  /// Whether the client may ping: the older protocol has no ping, only the server's `ka`.
  var clientPings: Bool { self == .graphqlTransportWS }
}
