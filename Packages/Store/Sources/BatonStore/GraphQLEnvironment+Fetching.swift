@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// Starts the task of a fetch the store marked in flight, and hands the store its task
  /// so the last holder's going can cancel it.
  func launch(_ start: StoreChanges.FetchStart) {
    let task = Task { await self.run(start) }
    update { state in
      guard var entry = state.operations[start.key] else { return }
      if entry.increments?.id == start.id {
        // Settled on its initial payload before its task was handed over; still writing.
        entry.increments?.task = task
        if entry.holders.isEmpty { task.cancel() }
        state.operations[start.key] = entry
        return
      }
      guard entry.lifecycle.launch(start.id, task: task) else {
        // Released before its task existed: nobody waits for it.
        if entry.holders.isEmpty { task.cancel() }
        return
      }
      if entry.holders.isEmpty {
        task.cancel()
        entry.lifecycle = .idle
      }
      state.operations[start.key] = entry
    }
  }

  /// Fetches again (or joins the fetch in flight) and returns when it settles, with what
  /// it wrote handed to persistence.
  func refetch(key: String) async {
    update { state in
      if state.operations[key]?.lifecycle.running == nil { state.beginFetch(key, now: clock.now) }
    }
    await waitForFetch(key: key)
  }

  /// Waits until the request `key` has no fetch in flight and the image with what the
  /// last one wrote has been handed to persistence.
  private func waitForFetch(key: String) async {
    while true {
      let (inFlight, version) = state.withLock { ($0.operations[key]?.lifecycle.running, $0.imageVersion) }
      guard let inFlight else {
        // A fetch that settled before its task was recorded may not have handed its image
        // over yet: its thread does that after releasing the lock.
        handOver(version)
        return
      }
      if let running = inFlight.task {
        await running.value
      } else {
        await Task.yield()
      }
    }
  }

  private func run(_ start: StoreChanges.FetchStart) async {
    let interval = Signposts.store.begin("fetch")
    defer { Signposts.store.end(interval) }
    let retries: RetryNotices = { [weak self] wait in self?.noteRetry(start, wait) }
    if start.reader.operation.usesIncrementalDelivery {
      await runIncrementally(start, noting: retries)
      return
    }
    settle(start, await exchange(start, noting: retries))
  }

  /// Where a fetch hears that a try failed and the next waits (`wait`), or that it went
  /// (`nil`).
  typealias RetryNotices = @Sendable (_ wait: (attempt: Int, next: Date)?) -> Void

  /// Sends `start`'s request and normalizes the reply: the payload, why there is none, or
  /// `nil` when the calling task was cancelled, or `reset()` came meanwhile. `progress`
  /// hears how far a request with files went.
  func exchange(
    _ start: StoreChanges.FetchStart, noting retries: RetryNotices? = nil,
    progress: (@Sendable (UploadProgress) -> Void)? = nil
  ) async -> Result<ResponsePayload, FetchFailure>? {
    logRequest(start)
    return logged(await send(start, noting: retries, progress: progress), of: start)
  }

  private func send(
    _ start: StoreChanges.FetchStart, noting retries: RetryNotices?, progress: (@Sendable (UploadProgress) -> Void)?
  ) async -> Result<ResponsePayload, FetchFailure>? {
    do {
      let context = TransportContext(clock: clock)
      let reply = try await sessionWork.run { [transport] in
        try await Self.firstPayload(of: transport.send(start.request, in: context), noting: retries, progress: progress)
      }
      return Self.normalized(reply.body, start, at: clock.now).map { payload in
        var payload = payload
        payload.httpMaxAge = reply.maxAge.map(\.timeInterval)
        return payload
      }
    } catch is CancellationError {
      return nil
    } catch let error as TransportError {
      return .failure(FetchFailure(error.kind.fetchKind, at: clock.now, message: error.message))
    } catch {
      return .failure(FetchFailure(.transport, at: clock.now, message: String(describing: error)))
    }
  }

  /// The first payload of `replies`, telling `retries` of the notices before it and
  /// `progress` of an upload's; the rest of the reply is stopped.
  private static func firstPayload(
    of replies: TransportReplies, noting retries: RetryNotices?, progress: (@Sendable (UploadProgress) -> Void)?
  ) async throws -> TransportPayload {
    for try await reply in replies {
      switch reply {
      case .payload(let payload): return payload
      case .retrying(let attempt, let next): retries?((attempt, next))
      case .resending: retries?(nil)
      case .sending(let sent): progress?(sent)
      }
    }
    try Task.checkCancellation()
    throw TransportError(.transport, "The reply had no payload.")
  }

  /// Shows on the holders that the fetch `start` waits to retry (`wait`), or that the
  /// next try went (`nil`: in flight again, since the fetch began).
  private func noteRetry(_ start: StoreChanges.FetchStart, _ wait: (attempt: Int, next: Date)?) {
    update { state in
      guard var entry = state.operations[start.key], let running = entry.lifecycle.running, running.id == start.id
      else { return }
      entry.lifecycle = wait.map { .retrying(running, attempt: $0.attempt, next: $0.next) } ?? .inFlight(running)
      state.operations[start.key] = entry
      state.refresh(reread: [], restatus: entry.holders, now: clock.now)
    }
  }

  /// The response normalized for the operation, or why it is not one the store can take.
  static func normalized(
    _ bytes: [UInt8], _ start: StoreChanges.FetchStart, at now: Date
  ) -> Result<ResponsePayload, FetchFailure> {
    do {
      let payload = try Signposts.store.interval("normalize") { () throws(NormalizeError) in
        try normalize(response: bytes, for: start.reader.operation, variables: start.reader.variables)
      }
      guard payload.hasData else {
        return .failure(FetchFailure(
          .graphQL(payload.operationErrors), at: now,
          message: payload.operationErrors.map(\.message).joined(separator: "; ")))
      }
      return .success(payload)
    } catch {
      return .failure(FetchFailure(.malformed, at: now, message: error.description))
    }
  }

  /// Writes a fetch's outcome: the records and the fetch time on success, the failure
  /// (and nothing else) otherwise; `nil` means cancelled.
  ///
  /// `continuing`: the outcome is an initial payload whose later ones the fetch's task goes
  /// on writing.
  func settle(_ start: StoreChanges.FetchStart, _ outcome: Result<ResponsePayload, FetchFailure>?, continuing: Bool = false) {
    update { state in
      let now = clock.now
      guard var entry = state.operations[start.key], let running = entry.lifecycle.running, running.id == start.id
      else { return }
      if continuing, case .success? = outcome { entry.increments = running }
      var changed: Set<RecordID> = []
      var aged: Set<RecordID> = []
      switch outcome {
      case .success(let payload)?:
        (changed, aged) = state.commitResponse(payload, reader: start.reader, at: now, logsPages: true)
        entry.image.fetchedAt = now
        entry.image.isMarkedStale = false
        entry.image.operationErrors = payload.operationErrors
        entry.healedSinceFetch = false
        entry.lifecycle = .idle
        entry.settledFetches += 1
        state.touchImage()
      case .failure(let failure)?:
        entry.lifecycle = .failed(failure)
        entry.settledFetches += 1
      case nil:
        entry.lifecycle = .idle
      }
      state.operations[start.key] = entry
      let readers = state.readers(of: changed)
      let restatus = entry.holders.union(aged.isEmpty ? [] : state.readers(of: aged)).subtracting(readers)
      state.refresh(reread: readers, restatus: restatus, now: now, healing: !start.isHeal, changed: changed)
      // After the holders' reads, whose fields' max ages may bring the wake-up sooner.
      state.scheduleStaleTimer(start.key, now: now)
    }
  }
}

extension TransportError.Kind {
  var fetchKind: FetchFailure.Kind {
    switch self {
    case .transport: .transport
    case .http(let status): .http(status: status)
    case .malformed: .malformed
    }
  }
}
