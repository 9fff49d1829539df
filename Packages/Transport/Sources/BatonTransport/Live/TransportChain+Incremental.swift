import BatonNormalizer

extension TransportChain: IncrementalTransport {
  /// Sends `request` through the parts with the initial payload as the reply they see, then
  /// yields the later payloads of the try whose initial payload they returned, as they
  /// arrive.
  ///
  /// So a part works as it does on a whole reply: `RetryPart` retries a try that failed
  /// before its initial payload, `AuthPart` refreshes the token on a 401, and
  /// `PersistedQueryPart` resends the text when the server does not know the hash. A
  /// payload a part returns in place of the one it was given is yielded instead of it. Once
  /// the initial payload is through, the parts are done: a later payload's failure ends the
  /// reply, as it does without a chain. When the chain's transport delivers no parts, its one
  /// reply is the one payload.
  public func sendIncrementally(_ request: GraphQLRequest) -> AsyncThrowingStream<[UInt8], any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
    let task = Task {
      let exchange = InitialPayloadExchange(transport: transport)
      do {
        let initial = try await Link(parts: parts[...], transport: exchange).send(request)
        continuation.yield(initial)
        for try await payload in exchange.laterPayloads() { continuation.yield(payload) }
        continuation.finish()
      } catch {
        exchange.cancel()
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

/// The end of a chain sending incrementally: each try starts the transport's incremental
/// reply and answers with its initial payload, keeping the rest of the latest try for after
/// the parts; an earlier try's rest is cancelled when another try starts.
private final class InitialPayloadExchange: Transport {
  let transport: any Transport
  private let latest = Locked<Relay?>(nil)

  /// The rest of one try's reply, relayed by its own task so that it can be handed on.
  private struct Relay {
    var payloads: AsyncThrowingStream<[UInt8], any Error>
    var task: Task<Void, Never>
  }

  init(transport: any Transport) {
    self.transport = transport
  }

  func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    guard let incremental = transport as? any IncrementalTransport else { return try await transport.send(request) }
    var payloads = incremental.sendIncrementally(request).makeAsyncIterator()
    guard let initial = try await payloads.next() else {
      throw TransportError(.transport, "The reply had no payload.")
    }
    let (rest, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
    let task = Task {
      do {
        while let payload = try await payloads.next() { continuation.yield(payload) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    let earlier = latest.withLock { latest in
      defer { latest = Relay(payloads: rest, task: task) }
      return latest
    }
    earlier?.task.cancel()
    return initial
  }

  /// The later payloads of the latest try; none when the transport delivers no parts.
  func laterPayloads() -> AsyncThrowingStream<[UInt8], any Error> {
    if let relay = latest.withLock({ $0 }) { return relay.payloads }
    return AsyncThrowingStream { $0.finish() }
  }

  /// Stops the latest try's reply.
  func cancel() {
    latest.withLock { $0 }?.task.cancel()
  }
}
