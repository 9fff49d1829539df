@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// Runs a mutation and returns its data as the store reads it afterwards.
  ///
  /// An `optimisticResponse` (for the mutation's selections; it may leave fields out) is
  /// written as a layer over the store at once, and `optimisticUpdater` (Relay's: a typed
  /// `Updatable` view or any record change) runs on what that shows, its changes going into
  /// the same layer. The layer is removed when the mutation settles, whether it succeeds or
  /// fails; on success the server's response is written in its place and then `updater`
  /// runs on the store. Both updaters run with the store locked: they must not call the
  /// environment. A reply that comes after a `reset()` is the old session's: it is not
  /// written, and the mutation fails. (`updater` comes first, so a trailing closure is
  /// `updater`, as it was before there was an `optimisticUpdater`.)
  ///
  /// A mutation with files (`uploads`, see `GraphQLUpload`) tells `progress` how much of
  /// its request went, as it goes; cancelling the calling task cancels the upload.
  public func mutate<Mutation: GraphQLOperation>(
    _ mutation: Mutation, optimisticResponse: JSONValue? = nil,
    updater: (@Sendable (inout RecordUpdater) -> Void)? = nil,
    optimisticUpdater: (@Sendable (inout RecordUpdater) -> Void)? = nil,
    progress: (@Sendable (UploadProgress) -> Void)? = nil
  ) async throws(OperationError) -> Mutation.Data {
    let operation = Mutation.operation
    let resets = state.withLock { $0.resets }
    let payload = try Self.optimisticPayload(optimisticResponse, for: mutation)
    var layer: Int?
    if payload != nil || optimisticUpdater != nil {
      layer = update { [payload] state in
        var layer = payload.map { state.optimisticLayer($0) } ?? (records: RecordSource(), deletions: [])
        if let optimisticUpdater { layer = state.updatedLayer(layer, by: optimisticUpdater) }
        let (id, changed) = state.addLayer(layer.records, deleting: layer.deletions)
        state.recordsChanged(changed, now: clock.now)
        return id
      }
    }
    let start = StoreChanges.FetchStart(
      key: "", id: 0, request: GraphQLRequest(mutation),
      reader: OperationRead(operation: operation, variables: mutation.variables))
    // A mutation cancelled on the way fails as any other that got no reply.
    let outcome =
      await exchange(start, progress: progress)
      ?? .failure(FetchFailure(.transport, at: clock.now, message: String(describing: CancellationError())))
    var dropped = false
    let read = update { state -> (result: ReadResult, source: RecordSource)? in
      guard state.resets == resets else {
        dropped = true
        return nil
      }
      var changed: Set<RecordID> = []
      if let layer { changed.formUnion(state.removeLayer(layer)) }
      if case .success(let payload) = outcome {
        let written = state.commitResponse(payload, reader: start.reader, at: clock.now, logsPages: false)
        changed.formUnion(written.changed.union(written.aged))
        if let updater {
          var records = RecordUpdater(state.base)
          updater(&records)
          changed.formUnion(state.replaceBase(records))
        }
      }
      state.recordsChanged(changed, now: clock.now)
      guard case .success = outcome else { return nil }
      return (start.reader.read(state.visible).result, state.visible)
    }
    if dropped {
      throw .fetch(FetchFailure(
        .transport, at: clock.now, message: "The store was reset before the reply came; the reply was not written."))
    }
    switch outcome {
    case .failure(let failure): throw .fetch(failure)
    case .success: break
    }
    guard let read, let root = read.result.data else { throw .nullData(read?.result.events ?? []) }
    if let failure = read.result.failure { throw .read(failure) }
    do {
      return try Mutation.makeData(root, in: read.source)
    } catch {
      throw .data(String(describing: error))
    }
  }

  /// `response` normalized for `mutation`'s selections, or why it does not fit them.
  static func optimisticPayload<Mutation: GraphQLOperation>(
    _ response: JSONValue?, for mutation: Mutation
  ) throws(OperationError) -> ResponsePayload? {
    guard let response else { return nil }
    do {
      return try normalizeOptimistic(payload: response, for: Mutation.operation, variables: mutation.variables)
    } catch {
      throw .data("The optimistic response does not fit the mutation: \(error)")
    }
  }

  /// Writes a local payload for an operation's selections; fields the payload leaves out
  /// are left as they are, and a `@connection`'s page is merged into its connection, as a
  /// fetched page is. Handles that read what changed are notified.
  public func commitPayload<Request: GraphQLOperation>(_ request: Request, _ payload: JSONValue) throws(NormalizeError) {
    try commit(payload, errors: [], for: request)
  }

  /// Writes `payload` with `errors` beside their fields for `request`'s selections, as a
  /// response of its is written but for the list edits of its fields: a write of data is not
  /// a mutation.
  func commit<Request: GraphQLOperation>(_ payload: JSONValue, errors: [FieldError], for request: Request)
    throws(NormalizeError)
  {
    var normalized = try normalizeOptimistic(
      payload: payload, for: Request.operation, variables: request.variables, errors: errors)
    normalized.listEdits = []
    update { state in
      state.recordsChanged(state.commit(normalized), now: clock.now)
    }
  }

  /// Changes records directly. `body` runs with the store locked: it must not call the
  /// environment.
  public func commitUpdate(_ body: (inout RecordUpdater) -> Void) {
    update { state in
      var records = RecordUpdater(state.base)
      body(&records)
      state.recordsChanged(state.replaceBase(records), now: clock.now)
    }
  }

  /// Marks every operation that read `record` stale; handles that allow the network
  /// refresh, showing the stale data meanwhile.
  public func invalidate(record: RecordID) {
    update { state in
      let keys = state.operations.entries.filter { $0.value.image.seenRecords.contains(record) }.map(\.key)
      invalidate(keys, in: &state)
    }
  }

  /// Marks every operation stale; handles that allow the network refresh.
  public func invalidateAll() {
    update { state in
      invalidate(Array(state.operations.keys), in: &state)
    }
  }

  private func invalidate(_ keys: [String], in state: inout StoreState) {
    let now = clock.now
    for key in keys.sorted() {
      state.markStale(key, now: now)
      if state.operations[key]?.networkHolders ?? 0 > 0 { state.beginFetch(key, now: now) }
    }
  }
}
