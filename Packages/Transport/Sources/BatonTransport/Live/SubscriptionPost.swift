@_spi(Development) import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the subscription transports over HTTP (server-sent events, multipart) share: each
/// subscription is one POST, streamed until it ends, and posted again after `backoff` while
/// it breaks off, with `.disconnected(attempt:)` between, until a reply the next would only
/// repeat (a 4xx other than 408 and 429, a malformed stream) ends it.
enum SubscriptionPost {
  typealias Continuation = AsyncThrowingStream<SubscriptionEvent, any Error>.Continuation

  /// Streams `request`'s events. `stream` reads one reply into the continuation, calling
  /// its third argument when the reply opens (which resets the attempts), and returns
  /// `true` when the subscription ended, `false` when the reply broke off; `what` names
  /// the stream in the error after the last attempt.
  static func events(
    of request: GraphQLRequest, to endpoint: URL, accept: String,
    headers: @escaping @Sendable () async throws -> [String: String], backoff: ReconnectBackoff, what: String,
    stream: @escaping @Sendable (URLRequest, Continuation, () -> Void) async throws -> Bool
  ) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let (events, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionEvent.self, throwing: (any Error).self)
    let task = Task {
      var attempt = 0
      while !Task.isCancelled {
        do {
          var urlRequest = URLRequest(url: endpoint)
          urlRequest.httpMethod = "POST"
          urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
          urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
          for (name, value) in try await headers() { urlRequest.setValue(value, forHTTPHeaderField: name) }
          var body: [UInt8] = []
          JSONWriter.write(request.body, into: &body)
          urlRequest.httpBody = Data(body)
          if try await stream(urlRequest, continuation, { attempt = 0 }) {
            continuation.finish()
            return
          }
        } catch is CancellationError {
          return
        } catch let error as TransportError where isFatal(error.kind) {
          continuation.finish(throwing: error)
          return
        } catch {
          // Dropped or refused: posted again below.
        }
        attempt += 1
        if let maximum = backoff.maximumAttempts, attempt > maximum {
          continuation.finish(throwing: TransportError(.transport, "The \(what) could not reconnect after \(maximum) attempts."))
          return
        }
        continuation.yield(.disconnected(attempt: attempt))
        try? await Task.sleep(for: backoff.delay(forAttempt: attempt, random: Double.random(in: 0...1)))
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return events
  }

  private static func isFatal(_ kind: TransportError.Kind) -> Bool {
    switch kind {
    case .transport: false
    case .malformed: true
    case .http(let status): status < 500 && status != 429 && status != 408
    }
  }
}
