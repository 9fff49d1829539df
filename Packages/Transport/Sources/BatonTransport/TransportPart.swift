/// One small step of a request chain (Apollo's interceptors, urql's exchanges): it may
/// change the request, send it on through `next` (more than once, to retry), and read or
/// replace what comes back.
///
/// Parts stay out of HTTP: a status reaches them as the `TransportError` the final
/// transport threw, and a body as the GraphQL response bytes it returned, so a custom
/// final `Transport` never repeats `HTTPTransport`'s reading of replies
/// (`GraphQLOverHTTP.responseBody` is public for one that speaks HTTP itself).
public protocol TransportPart: Sendable {
  /// Sends `request` on through `next`, the rest of the chain.
  func send(_ request: GraphQLRequest, next: any Transport) async throws -> [UInt8]
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

  /// Sends `request` through the parts, then the transport.
  public func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    try await Link(parts: parts[...], transport: transport).send(request)
  }

  /// The rest of the chain from one part on.
  struct Link: Transport {
    let parts: ArraySlice<any TransportPart>
    let transport: any Transport

    func send(_ request: GraphQLRequest) async throws -> [UInt8] {
      guard let part = parts.first else { return try await transport.send(request) }
      return try await part.send(request, next: Link(parts: parts.dropFirst(), transport: transport))
    }
  }
}
