import Foundation

/// One thing a transport reports while it answers a request.
public enum TransportReply: Sendable, Hashable {
  /// A payload of the GraphQL response: the whole response, or the initial payload and then
  /// each subsequent one of `@defer` and `@stream`.
  case payload(TransportPayload)
  /// A try failed and the next, numbered `attempt` (2 for the first retry), waits until
  /// `next`: the environment shows the fetch as `.retrying(attempt:next:)`.
  case retrying(attempt: Int, next: Date)
  /// The wait for a retry is over and the try goes: the fetch is in flight again.
  case resending
  /// Part of a request body with files went: how much of it, so far (`HTTPTransport`
  /// reports it while it sends a GraphQL multipart request).
  case sending(UploadProgress)
}
