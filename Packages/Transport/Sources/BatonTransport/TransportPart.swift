import Foundation

/// One small step of a request chain (Apollo's interceptors, urql's exchanges): it may
/// change the request, send it on through `next` (more than once, to retry), and read or
/// replace the response that comes back.
///
/// Parts stay out of HTTP: a failure reaches them as the `TransportError` the final
/// transport threw, and a response as its first payload with the status beside it, so a
/// custom final `Transport` never repeats `HTTPTransport`'s reading of replies
/// (`GraphQLOverHTTP.responseBody` is public for one that speaks HTTP itself). The later
/// payloads of `@defer` and `@stream` pass the parts by with the response they return.
public protocol TransportPart: Sendable {
  /// Sends `request` on through `next`, the rest of the chain, and returns the response
  /// the part before it sees.
  func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse
}

/// Parts in front of a transport, as one `Transport`: the first part sees the request
/// first and the reply last.
///
/// ```swift
/// let transport = TransportChain(
///   [RetryPart(), AuthPart(tokens: session), PersistedQueryPart(.automatic)],
///   to: HTTPTransport(endpoint: url))
/// ```
///
/// `OfflinePart` first, so a request that fails fast offline is not retried; then retry,
/// so every try gets a fresh token and its own persisted-query round; auth before
/// persisted queries, so a token refresh resends the same shape of request.
///
/// The parts see the first payload of a reply as the response: `RetryPart` retries a try
/// that failed before it, `AuthPart` refreshes the token on a 401, `PersistedQueryPart`
/// resends the text when the server does not know the hash. Once a response is through the
/// parts, the later payloads of the try it came from follow it, as they arrive; a later
/// payload's failure ends the reply, as it does without a chain.
public struct TransportChain: Transport {
  /// The parts, first to last.
  public let parts: [any TransportPart]
  /// Where the last part sends.
  public let transport: any Transport

  /// `parts` in front of `transport`.
  public init(_ parts: [any TransportPart], to transport: any Transport) {
    self.parts = parts
    self.transport = transport
  }

  /// Sends `request` through the parts, then the transport, and gives the response the
  /// first part returned, the retry notices the parts made on the way, and the later
  /// payloads.
  public func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    let (replies, continuation) = TransportReplies.makeStream()
    let task = Task { [parts, transport] in
      do {
        let next = Next(parts: parts[...], transport: transport, context: context, notices: continuation)
        let response = try await next.send(request)
        continuation.yield(.payload(response.payload))
        for try await payload in response.laterPayloads { continuation.yield(.payload(payload)) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return replies
  }

  /// The rest of the chain from one part on, as the part in front of it sends through it.
  public struct Next: Sendable {
    let parts: ArraySlice<any TransportPart>
    let transport: any Transport
    /// What the environment passed along with the request: the clock a retry waits on.
    public let context: TransportContext
    let notices: TransportReplies.Continuation

    /// Sends `request` through the rest of the chain and returns its response.
    public func send(_ request: GraphQLRequest) async throws -> TransportResponse {
      guard let part = parts.first else {
        return try await TransportResponse.first(of: transport.send(request, in: context), passing: notices)
      }
      return try await part.send(
        request, next: Next(parts: parts.dropFirst(), transport: transport, context: context, notices: notices))
    }

    /// Tells the environment that a try failed and the next, numbered `attempt`, waits
    /// until `next`.
    public func retrying(attempt: Int, next: Date) {
      notices.yield(.retrying(attempt: attempt, next: next))
    }

    /// Tells the environment that the wait for a retry is over and the try goes.
    public func resending() {
      notices.yield(.resending)
    }
  }
}
