@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// Starts a subscription over `subscriptionTransport`: each event is normalized into the
  /// store (field errors beside their fields, as for queries), which re-reads only the
  /// handles that read a record it changed, and then read back as the handle's typed
  /// payload.
  ///
  /// Every subscription has a root record of its own (`client:subscription:<n>`), so its
  /// root fields changing on every event reach no query; it goes when the subscription ends. A connection gap shows as
  /// `.reconnecting(since:attempt:)` on the handle's `fetch`, the time by the environment's
  /// clock. Without a subscription transport the handle fails at once. `reset()` ends it:
  /// the handle finishes, and no event that comes after is written.
  public func subscribe<Request: GraphQLOperation>(_ request: Request) -> SubscriptionHandle<Request> {
    let handle = SubscriptionHandle(request: request, since: clock.now)
    log.record(LogEvent(.fetch("subscription"), owner: .operation(Request.operation.name)))
    guard let transport = subscriptionTransport else {
      let failure = FetchFailure(.transport, at: clock.now, message: "The environment has no subscription transport.")
      logFailure(failure, of: Request.operation)
      handle.update { $0.fetch = .failed(failure); $0.isFinished = true }
      return handle
    }
    let (root, resets) = update { state in (RecordID("client:subscription:\(state.makeID())"), state.resets) }
    let reader = OperationRead(operation: Request.operation, variables: request.variables, root: root)
    let events = transport.subscribe(GraphQLRequest(request))
    // Known to `reset()` before the task exists, so that a reset meanwhile still ends it.
    let running = Locked<Task<Void, Never>?>(nil)
    let work = sessionWork.add { running.withLock { $0?.cancel() } }
    let task = Task { [weak handle] in
      defer { sessionWork.remove(work) }
      var downSince: Date?
      do {
        for try await event in events {
          guard let handle else { return }
          switch event {
          case .connected:
            downSince = nil
            handle.update { $0.fetch = .idle }
          case .disconnected(let attempt):
            let since = downSince ?? clock.now
            downSince = since
            handle.update { $0.fetch = .reconnecting(since: since, attempt: attempt) }
          case .next(let bytes):
            apply(bytes, reader: reader, to: handle, resets: resets)
          }
        }
        handle?.update { $0.isFinished = true }
      } catch is CancellationError {
        handle?.update { $0.isFinished = true }
      } catch {
        let kind = (error as? TransportError)?.kind.fetchKind ?? .transport
        let message = (error as? TransportError)?.message ?? String(describing: error)
        let failure = FetchFailure(kind, at: clock.now, message: message)
        logFailure(failure, of: Request.operation)
        handle?.update { $0.fetch = .failed(failure); $0.isFinished = true }
      }
      removeRoot(root)
    }
    running.withLock { $0 = task }
    handle.run(task)
    if state.withLock({ $0.resets }) != resets { task.cancel() }
    return handle
  }

  /// Forgets an ended subscription's root record; the records its events wrote stay.
  private func removeRoot(_ root: RecordID) {
    update { state in
      guard state.base[root] != nil else { return }
      var records = RecordUpdater(state.base)
      records[root] = nil
      _ = state.replaceBase(records)
    }
  }

  /// Writes one event to the store and gives its data to the handle, unless the store was
  /// reset since the subscription began (`resets` then).
  private func apply<Request: GraphQLOperation>(
    _ bytes: [UInt8], reader: OperationRead, to handle: SubscriptionHandle<Request>, resets: Int
  ) {
    let now = clock.now
    let payload: ResponsePayload
    do {
      payload = try normalize(response: bytes, for: reader.operation, variables: reader.variables, at: reader.root)
    } catch {
      let failure = FetchFailure(.malformed, at: now, message: error.description)
      handle.update { $0.fetch = .failed(failure) }
      return
    }
    guard payload.hasData else {
      let message = payload.operationErrors.map(\.message).joined(separator: "; ")
      let failure = FetchFailure(.graphQL(payload.operationErrors), at: now, message: message)
      handle.update { $0.fetch = .failed(failure) }
      return
    }
    let made = update { state -> (result: ReadResult, data: Result<Request.Data, any Error>?)? in
      guard state.resets == resets else { return nil }
      state.recordsChanged(state.commit(payload.records), now: now)
      let source = state.visible
      let result = reader.read(source).result
      state.changes.logs.append(contentsOf: result.events.map(LogEvent.init))
      return (result, result.data.map { root in Result { try Request.makeData(root, in: source) } })
    }
    guard let made else { return }
    switch made.data {
    case .success(let data)?:
      handle.update(payload: data) { snapshot in
        snapshot.latest = data
        snapshot.eventCount += 1
        snapshot.fetch = .idle
        snapshot.fieldErrors = made.result.fieldErrors
      }
    case .failure(let error)?:
      let failure = FetchFailure(.malformed, at: now, message: String(describing: error))
      handle.update { $0.fetch = .failed(failure) }
    case nil:
      let failure = FetchFailure(.malformed, at: now, message: "The event's data reads as null.")
      handle.update { $0.fetch = .failed(failure) }
    }
  }
}
