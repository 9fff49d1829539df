import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Hands a response to an `AsyncThrowingStream` as it arrives: its head first, then its
/// body in the pieces URLSession gives, then the end (or the transport error); what
/// `URLSessionSetup` lists goes to the app's delegate.
final class ResponseStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  enum Piece: Sendable {
    case head(status: Int, contentType: String?, retryAfter: String?)
    case body(Data)
  }

  let pieces: AsyncThrowingStream<Piece, any Error>
  private let continuation: AsyncThrowingStream<Piece, any Error>.Continuation
  private let forwarding: AppDelegateForwarding

  init(forwarding: AppDelegateForwarding) {
    self.forwarding = forwarding
    (pieces, continuation) = AsyncThrowingStream.makeStream(of: Piece.self, throwing: (any Error).self)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    continuation.yield(.head(
      status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type"),
      retryAfter: http?.value(forHTTPHeaderField: "Retry-After")))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    continuation.yield(.body(data))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // A redirect is the reply: following it would send the app's headers elsewhere.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    forwarding.challenge(session, challenge, answer: completionHandler)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    forwarding.challenge(session, task, challenge, answer: completionHandler)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
    forwarding.metrics(session, task, metrics)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    forwarding.sent(session, task, bytesSent, total: totalBytesSent, expected: totalBytesExpectedToSend)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    forwarding.completed(session, task, error)
    if let error {
      continuation.finish(throwing: TransportError(.transport, error.localizedDescription))
    } else {
      continuation.finish()
    }
  }
}

extension ResponseStreamDelegate {
  /// Sends `request` on a session of its own, made as `setup` says, and gives `read` the
  /// response's pieces as they arrive; cancelling the task cancels the request, and the
  /// session goes when `read` returns.
  static func streaming<Result>(
    _ request: URLRequest, with setup: URLSessionSetup, _ read: (AsyncThrowingStream<Piece, any Error>) async throws -> Result
  ) async throws -> Result {
    let delegate = ResponseStreamDelegate(forwarding: AppDelegateForwarding(delegate: setup.delegate))
    let session = URLSession(configuration: setup.configuration, delegate: delegate, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      task.resume()
      return try await read(delegate.pieces)
    } onCancel: {
      task.cancel()
    }
  }
}
