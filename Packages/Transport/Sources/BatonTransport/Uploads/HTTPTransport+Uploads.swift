import Foundation

extension HTTPTransport {
  /// Sends a request with `uploads` as a GraphQL multipart request: writes the body to a
  /// temporary file a chunk at a time (`MultipartUploadBody`), streams it from there
  /// (`MultipartUploadBody.task(in:for:)`), reporting `.sending` as it goes, and gives the
  /// response as for a plain POST. The temporary file is removed once the request is over,
  /// whether it succeeded, failed or was cancelled. The headers, `prepare`, `timeout` (which
  /// counts the sending too: give a transport for large files a long one) and redirects
  /// apply as for a POST.
  func uploadReplies(to request: GraphQLRequest) -> TransportReplies {
    let (replies, continuation) = TransportReplies.makeStream()
    let task = Task {
      do {
        let body = try MultipartUploadBody.write(request)
        defer { body.remove() }
        let progress = ResponseCollector.Progress(totalBytes: body.size) { continuation.yield(.sending($0)) }
        let payload = try await response(to: request, upload: body, progress: progress)
        continuation.yield(.payload(payload))
        continuation.finish()
      } catch {
        continuation.finish(failing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return replies
  }
}
