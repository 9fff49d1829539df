@_spi(Development) import BatonNormalizer
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

  /// A transport for `endpoint`; `headers` are asked for before every request (auth).
  public init(
    endpoint: URL, headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
    backoff: ReconnectBackoff = ReconnectBackoff()
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.backoff = backoff
  }

  /// Posts `request` and streams its events, reconnecting as described above.
  public func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionEvent.self, throwing: (any Error).self)
    let task = Task { [endpoint, headers, backoff] in
      var attempt = 0
      while !Task.isCancelled {
        do {
          var urlRequest = URLRequest(url: endpoint)
          urlRequest.httpMethod = "POST"
          urlRequest.setValue("text/event-stream", forHTTPHeaderField: "Accept")
          urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
          for (name, value) in try await headers() { urlRequest.setValue(value, forHTTPHeaderField: name) }
          var body: [UInt8] = []
          JSONWriter.write(request.body, into: &body)
          urlRequest.httpBody = Data(body)
          if try await Self.stream(urlRequest, into: continuation, onOpen: { attempt = 0 }) {
            continuation.finish()
            return
          }
        } catch is CancellationError {
          return
        } catch let error as TransportError where Self.isFatal(error.kind) {
          continuation.finish(throwing: error)
          return
        } catch {
          // Dropped or refused: posted again below.
        }
        attempt += 1
        if let maximum = backoff.maximumAttempts, attempt > maximum {
          continuation.finish(throwing: TransportError(.transport, "The event stream could not reconnect after \(maximum) attempts."))
          return
        }
        continuation.yield(.disconnected(attempt: attempt))
        try? await Task.sleep(for: backoff.delay(forAttempt: attempt, random: Double.random(in: 0...1)))
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// Streams one response's events; `true` when the server sent `complete`, `false` when the
  /// stream ended without it.
  private static func stream(
    _ request: URLRequest, into continuation: AsyncThrowingStream<SubscriptionEvent, any Error>.Continuation,
    onOpen: () -> Void
  ) async throws -> Bool {
    let delegate = ResponseStreamDelegate()
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      task.resume()
      var parser = ServerSentEventParser()
      for try await piece in delegate.pieces {
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
    } onCancel: {
      task.cancel()
    }
  }

  private static func isFatal(_ kind: TransportError.Kind) -> Bool {
    switch kind {
    case .transport: false
    case .malformed: true
    case .http(let status): status < 500 && status != 429 && status != 408
    }
  }
}
