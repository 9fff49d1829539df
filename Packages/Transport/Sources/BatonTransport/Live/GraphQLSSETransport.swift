import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Subscriptions over GraphQL over Server-Sent Events ("distinct connections" mode, the
/// graphql-sse protocol), for servers without WebSockets: each subscription is one POST
/// with `Accept: text/event-stream`, answered with `next` events and a `complete`.
///
/// When the stream ends without `complete` (the connection dropped) or cannot be opened,
/// the subscription gets `.disconnected(attempt:)` and is posted again after `backoff`; a
/// 4xx answer (other than 408 and 429) ends it with a `TransportError` of kind
/// `.http(status:)`. Stopping the subscription closes its connection, which is how this
/// protocol completes it on the server.
public final class GraphQLSSETransport: SubscriptionTransport {
  /// The GraphQL endpoint (`http://` or `https://`).
  public let endpoint: URL
  private let headers: @Sendable () async throws -> [String: String]
  private let backoff: ReconnectBackoff
  private let session: URLSessionSetup

  /// A transport for `endpoint`; `headers` are asked for before every request (auth), and
  /// each goes through a session made as `session` says.
  public init(
    endpoint: URL, headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
    backoff: ReconnectBackoff = ReconnectBackoff(), session: URLSessionSetup = URLSessionSetup()
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.backoff = backoff
    self.session = session
  }

  /// Posts `request` and streams its events, reconnecting as described above.
  public func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let session = self.session
    return SubscriptionPost.events(
      of: request, to: endpoint, accept: "text/event-stream", headers: headers, backoff: backoff, what: "event stream"
    ) { urlRequest, continuation, onOpen in
      try await Self.stream(urlRequest, with: session, into: continuation, onOpen: onOpen)
    }
  }

  /// Streams one response's events; `true` when the server sent `complete`, `false` when the
  /// stream ended without it.
  private static func stream(
    _ request: URLRequest, with session: URLSessionSetup, into continuation: SubscriptionPost.Continuation,
    onOpen: () -> Void
  ) async throws -> Bool {
    try await ResponseStreamDelegate.streaming(request, with: session) { pieces in
      var parser = ServerSentEventParser()
      for try await piece in pieces {
        switch piece {
        case .head(let status, let contentType, _):
          let type = contentType?.lowercased() ?? ""
          guard status == 200, type.hasPrefix("text/event-stream") else {
            let kind: TransportError.Kind = status == 200 ? .malformed : .http(status: status)
            throw TransportError(kind, "The server answered the event stream with HTTP \(status) \(type).")
          }
          onOpen()
          continuation.yield(.connected)
        case .body(let chunk):
          let events: [ServerSentEvent]
          do {
            events = try parser.append(chunk)
          } catch {
            throw TransportError(.malformed, "An event stream line is over \(parser.maximumLineBytes) bytes.")
          }
          for event in events {
            switch event.name {
            case "next": continuation.yield(.next(Array(event.data.utf8)))
            case "complete": return true
            default: continue
            }
          }
        }
      }
      return false
    }
  }
}
