@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// Sends a mutation through the outbox: it is kept, with its variables and optimistic
  /// layer, until the server answers it, and sent after every mutation enqueued before it.
  ///
  /// Use it for the mutations that may be replayed later (many must not: a payment, a
  /// message whose moment matters); `mutate` fails at once without a network. The entry is
  /// saved in the image, so one made offline is replayed when `reachability` comes back
  /// online, at the next launch, or on `sendOutbox()`; its optimistic layer shows meanwhile,
  /// across launches, until the server confirms it (its response is written in the layer's
  /// place) or rejects it (the layer goes, nothing is written). `outbox` shows each entry's
  /// state. No updater runs: an entry is a value the image keeps, not a closure.
  ///
  /// - Parameters:
  ///   - optimisticResponse: for the mutation's selections, as `mutate` takes it.
  ///   - clientID: the client mutation id, sent as the request's `clientMutationId`
  ///     extension with every try; an app that also puts it in the variables lets its
  ///     server recognise a replay whose first reply was lost. Enqueuing an id the outbox
  ///     has already changes nothing.
  /// - Returns: the entry's id, `clientID`.
  @discardableResult
  public func enqueue<Mutation: GraphQLOperation>(
    _ mutation: Mutation, optimisticResponse: JSONValue? = nil, clientID: String = UUID().uuidString
  ) throws(OperationError) -> String {
    let operation = Mutation.operation
    let entry = OutboxEntry(
      id: clientID, operationID: Mutation.operationID, operationName: operation.name, document: Mutation.document,
      variables: mutation.variables)
    let payload = try Self.optimisticPayload(optimisticResponse, for: mutation)
    let now = clock.now
    update { state in
      var entry = entry
      if let payload {
        // Worked out against the records as they are now and kept as records, so that the
        // next launch shows the same layer without the response's selections.
        let layer = state.optimisticLayer(payload)
        entry.optimisticRecords = layer.records
        entry.optimisticDeletions = layer.deletions
      }
      _ = state.enqueue(entry, operation: operation, now: now)
    }
    sendOutbox()
    return clientID
  }

  /// The outbox's entries, oldest first: those still to be sent, and those settled in this
  /// session until `cancelOutboxEntry(_:)` removes them.
  public var outbox: [OutboxEntry] {
    state.withLock { $0.outbox.entries }
  }

  /// Removes an entry: a queued one is never sent and its optimistic layer goes; a settled
  /// one is forgotten. Returns `false` when the entry is on its way or not in the outbox.
  @discardableResult
  public func cancelOutboxEntry(_ id: String) -> Bool {
    let now = clock.now
    return update { state in state.cancelOutboxEntry(id, now: now) }
  }

  /// Sends the queued entries now, one at a time in order, unless a replay is running.
  /// The environment calls it when an entry is enqueued, when it is made with entries in
  /// its image, and when `reachability` comes back online; an app calls it to retry sooner
  /// (a replay stops at the first try that gets no answer, or a 408, 429 or 5xx status).
  public func sendOutbox() {
    guard update({ $0.beginOutboxReplay() }) else { return }
    // A reset ends it: the try on its way is cancelled, and its outcome is not written.
    Task { await self.replayOutbox() }
  }

  private func replayOutbox() async {
    while let send = update({ $0.nextOutboxSend() }) {
      let outcome = await exchange(send.start)
      let now = clock.now
      guard update({ $0.settleOutboxSend(send, outcome, now: now) }) else { return }
    }
  }
}
