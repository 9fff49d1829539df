/// A reply as a chain's parts see it: its first payload, which a part reads or replaces,
/// and the later payloads of `@defer` and `@stream`, which pass the parts by.
///
/// A part that returns another response than the one it was given (a retry's, a resend's)
/// drops the first one, and with it the rest of that try's reply, which stops.
public struct TransportResponse: Sendable {
  /// The first payload: the whole response, or the initial payload of an incremental one.
  public var payload: TransportPayload
  /// The payloads after the first, as they arrive; none for a plain response.
  public var laterPayloads: AsyncThrowingStream<TransportPayload, any Error>

  /// A response of `payload`, and `laterPayloads` after it (by default none).
  public init(
    _ payload: TransportPayload,
    laterPayloads: AsyncThrowingStream<TransportPayload, any Error> = AsyncThrowingStream { $0.finish() }
  ) {
    self.payload = payload
    self.laterPayloads = laterPayloads
  }

  /// The response `replies` give: waits for their first payload, passes their notices on
  /// to `notices`, and relays the payloads after it, until the response is dropped.
  static func first(of replies: TransportReplies, passing notices: TransportReplies.Continuation) async throws
    -> TransportResponse
  {
    let (first, firstContinuation) = AsyncThrowingStream.makeStream(of: TransportPayload.self, throwing: (any Error).self)
    let (later, laterContinuation) = AsyncThrowingStream.makeStream(of: TransportPayload.self, throwing: (any Error).self)
    let relay = Task {
      var delivered = false
      do {
        for try await reply in replies {
          switch reply {
          case .payload(let payload) where delivered:
            laterContinuation.yield(payload)
          case .payload(let payload):
            // Handed over: the consumer going away from the first stream no longer stops the rest.
            firstContinuation.onTermination = nil
            delivered = true
            firstContinuation.yield(payload)
            firstContinuation.finish()
          case .retrying, .resending, .sending:
            notices.yield(reply)
          }
        }
        try Task.checkCancellation()
        if !delivered { throw TransportError(.transport, "The reply had no payload.") }
        laterContinuation.finish()
      } catch {
        if delivered { laterContinuation.finish(throwing: error) } else { firstContinuation.finish(throwing: error) }
      }
    }
    firstContinuation.onTermination = { if case .cancelled = $0 { relay.cancel() } }
    laterContinuation.onTermination = { if case .cancelled = $0 { relay.cancel() } }
    var payloads = first.makeAsyncIterator()
    guard let payload = try await payloads.next() else { throw CancellationError() }
    return TransportResponse(payload, laterPayloads: later)
  }
}
