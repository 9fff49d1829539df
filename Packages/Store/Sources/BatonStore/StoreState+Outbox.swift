@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

/// The outbox's changes, with the lock held: entries added, sent, settled and cancelled,
/// each layer added and removed with its entry, and the image marked changed whenever the
/// pending entries change.
extension StoreState {
  /// One try of an outbox entry: what to send, and the session it belongs to.
  struct OutboxSend {
    let entry: String
    let start: StoreChanges.FetchStart
    let resets: Int
  }

  /// Takes the pending entries of a loaded image, queued again (one on its way when the
  /// app stopped is sent again, with its client id), each with its layer.
  mutating func loadOutbox(_ entries: [OutboxEntry]) {
    for var entry in entries where entry.state.isPending && outbox[entry.id] == nil {
      entry.state = .queued
      let layer = entry.hasLayer ? addLayer(entry.optimisticRecords, deleting: entry.optimisticDeletions).id : nil
      outbox.append(entry, layer: layer)
    }
    noteOutboxChanged()
  }

  /// Adds `entry` with its layer; `false` when an entry with its id is in the outbox already.
  mutating func enqueue(_ entry: OutboxEntry, operation: BatonNormalizer.OperationDescriptor, now: Date) -> Bool {
    outbox.operations[entry.operationID] = operation
    guard outbox[entry.id] == nil else { return false }
    var layer: Int?
    if entry.hasLayer {
      let added = addLayer(entry.optimisticRecords, deleting: entry.optimisticDeletions)
      layer = added.id
      recordsChanged(added.changed, now: now)
    }
    outbox.append(entry, layer: layer)
    touchImage()
    noteOutboxChanged()
    return true
  }

  /// Marks a replay running; `false` when one is already (it is asked to go on past its
  /// next failure), or nothing is queued.
  mutating func beginOutboxReplay() -> Bool {
    guard !outbox.isSending else {
      outbox.isAskedAgain = true
      return false
    }
    guard outbox.next != nil else { return false }
    outbox.isSending = true
    outbox.isAskedAgain = false
    noteOutboxChanged()
    return true
  }

  /// Marks the oldest queued entry on its way and returns its try; `nil` ends the replay
  /// (nothing is queued, or the oldest pending entry's operation is not known: it waits for
  /// an environment that names it, or for the app to cancel it).
  mutating func nextOutboxSend() -> OutboxSend? {
    noteOutboxChanged()
    guard let entry = outbox.next, let operation = outbox.operations[entry.operationID] else {
      outbox.isSending = false
      return nil
    }
    _ = outbox.setState(.sending, of: entry.id)
    let request = GraphQLRequest(
      query: entry.document, operationName: entry.operationName.isEmpty ? nil : entry.operationName,
      variables: entry.variables, extensions: ["clientMutationId": .string(entry.id)], onError: operation.onError,
      operationID: entry.operationID, kind: operation.kind)
    let start = StoreChanges.FetchStart(
      key: "", id: 0, request: request, reader: OperationRead(operation: operation, variables: entry.variables))
    return OutboxSend(entry: entry.id, start: start, resets: resets)
  }

  /// Writes the outcome of a try; `true` when the replay goes on with the next entry.
  ///
  /// A try that got no answer (a transport error, a cancelled task, a status that says
  /// "later": 408, 429, 5xx) leaves the entry queued and ends the replay, unless a replay
  /// was asked for meanwhile: then it tries again. An answer with
  /// errors (with or without data) rejects it: its layer goes and nothing is written. An
  /// answer without errors confirms it: its layer goes and the response is written.
  mutating func settleOutboxSend(_ send: OutboxSend, _ outcome: Result<ResponsePayload, FetchFailure>?, now: Date) -> Bool {
    // A reset meanwhile emptied the outbox: the reply is the old session's.
    guard send.resets == resets, outbox[send.entry]?.state == .sending else { return false }
    noteOutboxChanged()
    var written: ResponsePayload?
    let state: OutboxState
    switch outcome {
    case nil:
      state = .queued
    case .failure(let failure)?:
      switch failure.kind {
      case .transport: state = .queued
      case .http(let status) where status >= 500 || status == 408 || status == 429: state = .queued
      case .graphQL(let errors): state = .rejected(errors)
      case .http, .malformed: state = .rejected([FieldError(message: failure.description)])
      }
    case .success(let payload)?:
      let errors = payload.operationErrors + Self.fieldErrors(in: payload.records)
      if errors.isEmpty { written = payload }
      state = errors.isEmpty ? .confirmed : .rejected(errors)
    }
    let layer = outbox.setState(state, of: send.entry)
    guard state != .queued else {
      // Asked again meanwhile: what failed may have been the network that is now back.
      guard outbox.isAskedAgain else {
        outbox.isSending = false
        return false
      }
      outbox.isAskedAgain = false
      return true
    }
    var changed = layer.map { removeLayer($0) } ?? []
    if let written { changed.formUnion(commit(written)) }
    recordsChanged(changed, now: now)
    touchImage()
    return true
  }

  /// Removes entry `id`: a queued one is never sent and its layer goes; a settled one is
  /// forgotten. `false` when it is on its way, or not in the outbox.
  mutating func cancelOutboxEntry(_ id: String, now: Date) -> Bool {
    guard let entry = outbox[id], entry.state != .sending else { return false }
    noteOutboxChanged()
    if let layer = outbox.remove(id) { recordsChanged(removeLayer(layer), now: now) }
    if entry.state.isPending { touchImage() }
    return true
  }

  /// The errors a response placed on fields: a mutation's root field that failed has its
  /// error there, not among the operation's.
  private static func fieldErrors(in records: RecordSource) -> [FieldError] {
    var errors: [FieldError] = []
    for record in records.records.values {
      for field in record.fields.values { errors.append(contentsOf: field.errors) }
    }
    // The records are a dictionary: sorted, so that one reply always reads the same.
    return errors.sorted { $0.description < $1.description }
  }

  private mutating func noteOutboxChanged() {
    #if DEBUG
      sinceCheck.outbox = true
    #endif
  }
}
