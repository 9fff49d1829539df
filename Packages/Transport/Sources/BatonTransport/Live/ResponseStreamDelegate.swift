import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Hands a response to an `AsyncThrowingStream` as it arrives: its head first, then its
/// body in the pieces URLSession gives, then the end (or the transport error).
final class ResponseStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  enum Piece: Sendable {
    case head(status: Int, contentType: String?, retryAfter: String?)
    case body(Data)
  }

  let pieces: AsyncThrowingStream<Piece, any Error>
  private let continuation: AsyncThrowingStream<Piece, any Error>.Continuation

  override init() {
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

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      continuation.finish(throwing: TransportError(.transport, error.localizedDescription))
    } else {
      continuation.finish()
    }
  }
}

extension ResponseStreamDelegate {
  /// Sends `request` on a session of its own and gives `read` the response's pieces as they
  /// arrive; cancelling the task cancels the request, and the session goes when `read` returns.
  static func streaming<Result>(
    _ request: URLRequest, _ read: (AsyncThrowingStream<Piece, any Error>) async throws -> Result
  ) async throws -> Result {
    let delegate = ResponseStreamDelegate()
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
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
