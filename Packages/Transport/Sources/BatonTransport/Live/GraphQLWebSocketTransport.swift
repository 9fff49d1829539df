import BatonNormalizer
import Foundation

/// Subscriptions over one WebSocket speaking graphql-transport-ws (the `graphql-ws`
/// library's protocol): `connection_init` with a payload from `connectionParams`, then
/// `subscribe` / `next` / `error` / `complete` per subscription, and `pong` to every `ping`.
/// `protocol: .subscriptionsTransportWS` speaks the older `graphql-ws` subprotocol instead
/// (`start` / `data` / `error` / `complete`, `stop`, and the server's `ka`), with the same
/// reconnection, states and failures.
///
/// All subscriptions of the transport share one socket, opened with the first and closed
/// after the last ends (dropped by its consumer, or ended by the server's `complete` or
/// `error`); no socket or task of the transport outlives its subscriptions. When the
/// socket drops, every subscription gets
/// `.disconnected(attempt:)` while the transport reconnects with `backoff`, sends
/// `connection_init` again (asking `connectionParams` again, so a refreshed token is used)
/// and re-subscribes each, which then gets `.connected`. A server that closes with a
/// protocol code (4400 bad message, 4401 unauthorized, 4403 forbidden, 4409, 4429) or 1002
/// ends every subscription with a `TransportError` of kind `.http(status:)` with the
/// code's HTTP counterpart (4403 is 403): those are not retried.
///
/// A socket whose network died without a close frame (a phone that changed networks, a NAT
/// that forgot the connection) would otherwise look open forever: after `keepAlive` without
/// a message the transport pings, and after another `keepAlive` without one it closes the
/// socket and reconnects, so the gap shows.
public final class GraphQLWebSocketTransport: SubscriptionTransport {
  /// The `ws://` or `wss://` endpoint.
  public let endpoint: URL
  let connection: TransportWSConnection

  /// A transport for `endpoint`.
  ///
  /// - Parameters:
  ///   - headers: extra headers for the opening handshake.
  ///   - connectionParams: the `connection_init` payload (auth), asked for on every
  ///     connection; `nil` sends none. An error thrown counts as a failed attempt.
  ///   - backoff: the waits between reconnection attempts.
  ///   - keepAlive: how long the socket may be silent before a ping, and then before it
  ///     counts as lost (default 30 seconds); `nil` never pings. Under
  ///     `.subscriptionsTransportWS`, which has no ping, two such intervals without the
  ///     server's `ka` count as lost, once the server has sent one.
  ///   - protocol: the subprotocol to speak; the server's documentation names it.
  public convenience init(
    endpoint: URL, headers: [String: String] = [:],
    connectionParams: @escaping @Sendable () async throws -> JSONValue? = { nil },
    backoff: ReconnectBackoff = ReconnectBackoff(), keepAlive: Duration? = .seconds(30),
    protocol wsProtocol: GraphQLWebSocketProtocol = .graphqlTransportWS
  ) {
    self.init(
      endpoint: endpoint, headers: headers, connectionParams: connectionParams, backoff: backoff, keepAlive: keepAlive,
      protocol: wsProtocol, connector: WebSocketConnectors.platform)
  }

  init(
    endpoint: URL, headers: [String: String], connectionParams: @escaping @Sendable () async throws -> JSONValue?,
    backoff: ReconnectBackoff, keepAlive: Duration?, protocol wsProtocol: GraphQLWebSocketProtocol = .graphqlTransportWS,
    connector: @escaping WebSocketConnector
  ) {
    self.endpoint = endpoint
    connection = TransportWSConnection(
      endpoint: endpoint, headers: headers, connectionParams: connectionParams, backoff: backoff, keepAlive: keepAlive,
      protocol: wsProtocol, connector: connector)
  }

  /// Starts `request` on the shared socket, connecting first when it is not open.
  public func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionEvent.self, throwing: (any Error).self)
    let connection = self.connection
    let id = connection.makeID()
    continuation.onTermination = { _ in
      Task { await connection.remove(id) }
    }
    Task { await connection.add(id, request, continuation) }
    return stream
  }
}
