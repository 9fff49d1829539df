extension AsyncThrowingStream where Element == TransportReply, Failure == any Error {
  /// The replies of a transport with one payload to give: `body`'s, made in a task of its
  /// own, which stopping the replies cancels.
  ///
  /// ```swift
  /// struct Canned: Transport {
  ///   let bytes: [UInt8]
  ///   func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
  ///     .payload { TransportPayload(bytes) }
  ///   }
  /// }
  /// ```
  public static func payload(_ body: @escaping @Sendable () async throws -> TransportPayload) -> Self {
    let (replies, continuation) = makeStream(of: TransportReply.self, throwing: (any Error).self)
    let task = Task {
      do {
        continuation.yield(.payload(try await body()))
        continuation.finish()
      } catch {
        continuation.finish(failing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return replies
  }
}

extension AsyncThrowingStream.Continuation where Failure == any Error {
  /// Ends the replies with `error`, or without one when their consumer stopped them (the
  /// task making them is cancelled then): a consumer that stops hears no error of its own
  /// making, however soon the cancelled work gives up.
  func finish(failing error: any Error) {
    if Task.isCancelled { finish() } else { finish(throwing: error) }
  }
}

extension Transport {
  /// Sends `request` and returns the first payload, for a caller that wants one response (a
  /// test, a tool); notices of retries pass by, and the rest of the reply is stopped.
  /// Throws what the replies throw, or a `TransportError` when they end without a payload.
  public func payload(for request: GraphQLRequest, in context: TransportContext = TransportContext()) async throws
    -> TransportPayload
  {
    for try await reply in send(request, in: context) {
      if case .payload(let payload) = reply { return payload }
    }
    try Task.checkCancellation()
    throw TransportError(.transport, "The reply had no payload.")
  }
}
