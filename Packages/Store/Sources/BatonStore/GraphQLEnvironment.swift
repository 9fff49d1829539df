import BatonNormalizer
import BatonTransport
import Foundation

/// The runtime's one place of state: the store, and what it fetches with,
/// persists to, heals by, logs to and tells time by.
///
/// All state sits in one `StoreState` behind one lock. Work that follows a change
/// (notifying handles, logging, saving the image, starting fetches) runs after the lock is
/// released, so an observer may call back into the environment.
public final class GraphQLEnvironment: Sendable {
  /// Sends every fetch and mutation.
  public let transport: any Transport
  /// Carries `subscribe`'s subscriptions; `nil` when the environment has none.
  public let subscriptionTransport: (any SubscriptionTransport)?
  /// Missing data, unexpected values, field errors, heals and image events, for tests and diagnostics.
  public let log: EnvironmentLog
  /// How long a fetch stays fresh when the operation does not say; `nil`: forever, until
  /// invalidated.
  public let staleAfter: Duration?
  /// Where handles tell their observers of a change.
  public let delivery: Delivery
  let persistence: (any Persistence)?
  let heal: any HealPolicy
  let clock: any StoreClock
  let state: Locked<StoreState>
  /// The version of the last image handed to `persistence`; saves happen one at a time
  /// and never go back to an older image.
  let savedVersion = Locked(0)
  /// Follows `reachability` to refetch stale data when the network comes back.
  private let reconnects = Locked<Task<Void, Never>?>(nil)
  /// What `reset()` cancels besides the fetches the store tracks: exchanges of mutations
  /// and pages, and subscriptions.
  let sessionWork = SessionWork()

  /// Makes an environment, loading the image from `persistence` if there is one.
  ///
  /// - Parameters:
  ///   - heal: decides whether missing data refetches; by default it refetches the operation
  ///     once per fetch, as `BatonHeal`'s `.default` does.
  ///   - clock: the time for fetch times and staleness; a test passes one it moves.
  ///   - releaseBufferSize: how many operations no handle holds stay in the store and the
  ///     image, the most recently released; beyond that the least recently released goes,
  ///     with the records only it reached (Relay's release buffer). An operation a handle
  ///     holds always stays.
  ///   - reachability: when it comes back online, stale data refetches (`refetchStale()`)
  ///     and the outbox is sent (`sendOutbox()`).
  ///   - deliver: where handles tell their observers of a change: on the thread of the
  ///     write (the default), or on the main actor for a UI.
  ///   - subscriptionTransport: carries subscriptions (`GraphQLWebSocketTransport`,
  ///     `GraphQLSSETransport`); without one, a subscription's handle fails at once. Passed
  ///     even when `transport` carries them too: the environment never asks a transport
  ///     what else it can do.
  ///   - outboxMutations: the mutations whose outbox entries this environment may replay
  ///     from its image (`enqueue(_:optimisticResponse:clientID:)`): writing a reply takes the
  ///     operation's selections, which the image does not keep. An entry of another
  ///     operation waits, with those after it, until an environment names it or the app
  ///     cancels it.
  ///   - maxAges: how long fields stay fresh by type and field, and whether the server's
  ///     `Cache-Control` and `extensions.cacheControl` hints count; a field past its max age
  ///     makes the fragments that read it stale (`OperationSnapshot.staleFragments`).
  ///   - maximumBytes: the store's byte budget (Apollo Kotlin's `maxSizeBytes`), by
  ///     `persistence.maximumBytes` when `nil`; without either, none. Past it, the least
  ///     recently used records no handle holds (nor a fetch in flight, an optimistic layer
  ///     or an outbox entry) go, with the released operations that reached them and what
  ///     only those reached, until the store is at 90% of it; each eviction is logged
  ///     (`budgetEvicted`). A record's bytes are estimated from its ids, keys and values,
  ///     at or above what the image file takes for it; `budget` tells the use. Data that
  ///     went reads as missing later and heals as any missing data does.
  public init(
    transport: any Transport, persistence: (any Persistence)? = nil, heal: (any HealPolicy)? = nil,
    staleAfter: Duration? = nil, clock: any StoreClock = SystemClock(), log: EnvironmentLog = EnvironmentLog(),
    releaseBufferSize: Int = 100, reachability: (any Reachability)? = nil, deliver delivery: Delivery = .writingThread,
    subscriptionTransport: (any SubscriptionTransport)? = nil, outboxMutations: [any GraphQLOperation.Type] = [],
    maxAges: MaxAges = MaxAges(), maximumBytes: Int? = nil
  ) {
    self.transport = transport
    self.delivery = delivery
    self.subscriptionTransport = subscriptionTransport
    self.persistence = persistence
    self.heal = heal ?? RefetchOncePerFetch()
    self.staleAfter = staleAfter
    self.clock = clock
    self.log = log
    var image: StoreImage?
    persistence?.report(to: PersistenceEvents(log: log))
    do {
      image = try persistence?.load()
      if let image {
        log.record(LogEvent(.imageLoaded(records: image.records.count, operations: image.operations.count)))
      }
    } catch {
      log.record(LogEvent(.imageLoadFailed(String(describing: error))))
    }
    let outboxOperations = Dictionary(
      outboxMutations.map { ($0.operationID, $0.operation) }, uniquingKeysWith: { first, _ in first })
    self.state = Locked(StoreState(
      image: image, staleAfter: staleAfter, persists: persistence != nil, releaseBufferSize: releaseBufferSize,
      outboxOperations: outboxOperations, maxAges: maxAges, maximumBytes: maximumBytes ?? persistence?.maximumBytes))
    if let reachability { follow(reachability) }
    // The image's outbox is replayed at launch; offline, its first try fails and the
    // replay waits for the network.
    sendOutbox()
  }

  deinit {
    reconnects.withLock { $0?.cancel() }
  }

  private func follow(_ reachability: any Reachability) {
    let changes = reachability.changes()
    let task = Task { [weak self] in
      var wasOnline = true
      for await online in changes {
        if online && !wasOnline {
          self?.refetchStale()
          self?.sendOutbox()
        }
        wasOnline = online
      }
    }
    reconnects.withLock { $0 = task }
  }

  /// Watches an operation: the handle reads it from the store, fetches it as `policy`
  /// says, and follows every store change that touches what it read.
  public func watch<Request: GraphQLOperation>(
    _ request: Request, policy: FetchPolicy = .storeOrNetwork
  ) -> OperationHandle<Request> {
    let reader = OperationRead(operation: Request.operation, variables: request.variables)
    return watch(
      request, policy: policy, reader: reader,
      fetch: WatchFetch(request: GraphQLRequest(request), reader: reader, staleAfter: Request.staleAfter))
  }

  /// How a watched request fetches: the request sent and the read its reply is normalized
  /// for, which is the handle's own read but for a fragment read by id (whose refetch query
  /// reaches the record from the query root).
  struct WatchFetch {
    let request: GraphQLRequest?
    let reader: OperationRead
    let staleAfter: Duration?
  }

  /// Registers a handle reading `request` with `reader`, fetching with `fetch`. Without
  /// `cachesReads` the handle keeps nothing of a read for the next (see `ReadCache`).
  func watch<Request: GraphQLOperation>(
    _ request: Request, policy: FetchPolicy, reader: OperationRead, fetch: WatchFetch, cachesReads: Bool = true
  ) -> OperationHandle<Request> {
    let image = OperationImage(
      operationID: Request.operationID, name: Request.operation.name, variables: request.variables)
    let key = image.key
    return update { state in
      let now = clock.now
      var entry = state.operations[key] ?? OperationEntry(image: image)
      entry.reader = fetch.reader
      entry.request = fetch.request
      entry.staleAfter = fetch.staleAfter
      let id = state.makeID()
      entry.holders.insert(id)
      state.retain(key: key)
      if policy.allowsNetwork { entry.networkHolders += 1 }
      state.operations[key] = entry
      var status = entry.status(staleAfter: staleAfter)
      status.fieldAges = state.fieldAges
      let handle = OperationHandle(
        request: request, policy: policy, id: id, key: key, environment: self, reader: reader, status: status,
        reportsMissingBeforeFetch: fetch.request == nil, cachesReads: cachesReads)
      state.register(id, HandleRegistration(sink: handle, key: key, allowsNetwork: policy.allowsNetwork))
      state.refresh(reread: [id], now: now)
      let needsFetch: Bool =
        switch policy {
        case .storeOnly: false
        case .storeAndNetwork, .networkOnly: true
        case .storeOrNetwork: !handle.hasData || status.isStale(at: now)
        }
      if needsFetch { state.beginFetch(key, now: now) }
      state.scheduleStaleTimer(key, now: now)
      return handle
    }
  }

  /// The records as reads see them now (optimistic layers included): a snapshot.
  public var records: RecordSource {
    state.withLock { $0.visible }
  }

  // MARK: Internals

  /// How many handles are alive (tests check that a one-shot fetch drops its own).
  var handleCount: Int { state.withLock { $0.handles.count } }

  /// Runs `body` with the lock held, then carries out the work it queued.
  func update<Result>(_ body: (inout StoreState) -> Result) -> Result {
    var changes = StoreChanges()
    let result = state.withLock { state in
      let result = body(&state)
      state.keepWithinBudget()
      #if DEBUG
        state.checkInvariants()
      #endif
      changes = state.takeChanges()
      return result
    }
    finish(changes)
    return result
  }

  private func finish(_ changes: StoreChanges) {
    log.record(changes.logs)
    RuntimeIssues.reportTypenameChanges(changes.logs)
    // The image first: whatever a handle shows has been handed to persistence.
    if let (version, change) = changes.image {
      hand(change, version: version)
    } else if !changes.deliveries.isEmpty {
      // What these handles show may be another change's, whose thread has taken its image
      // but not yet handed it over.
      handOver(changes.imageVersion)
    }
    // Heals before deliveries, so whoever hears of the read that found data missing can
    // already see the heal's refetch in the log and in flight. The runtime issues come from
    // here, not from the policy, so every environment raises them.
    for skipped in changes.skippedHeals {
      heal.missingDataNotRefetched(skipped.request, reason: skipped.reason)
      RuntimeIssues.reportMissingData(skipped.request, outcome: "is not refetched: \(skipped.reason)", reader: skipped.reader)
    }
    for candidate in changes.heals {
      let interval = Signposts.store.begin("heal")
      defer { Signposts.store.end(interval) }
      let skipReason = heal.shouldRefetch(candidate.request) ? healRefetch(candidate) : "the heal policy declined"
      if let skipReason {
        let first = candidate.request.missing.first
        log.record(LogEvent(
          .healSkipped(skipReason), owner: .operation(candidate.request.operationName),
          record: first?.record, field: first?.field))
      }
      let outcome = skipReason.map { "is not refetched: \($0)" } ?? "is refetched once"
      RuntimeIssues.reportMissingData(candidate.request, outcome: outcome, reader: candidate.reader)
    }
    for sink in changes.deliveries { deliver(sink) }
    for start in changes.fetches { launch(start) }
    for heal in changes.pageHeals { launch(heal) }
    for timer in changes.staleTimers { launch(timer) }
  }

  /// Starts the heal refetch the policy agreed to; why not when the operation changed since
  /// the read (released, refetched, or fetching already).
  private func healRefetch(_ candidate: StoreChanges.HealCandidate) -> String? {
    update { state in
      guard var entry = state.operations[candidate.key] else { return "no handle holds the operation any more" }
      if let reason = StoreState.healSkipReason(entry, healing: true) { return reason }
      entry.healedSinceFetch = true
      state.operations[candidate.key] = entry
      let first = candidate.request.missing.first
      state.changes.logs.append(LogEvent(
        .healRefetch, owner: .operation(candidate.request.operationName), record: first?.record, field: first?.field))
      if let pages = state.pagesToHeal(candidate) {
        state.changes.pageHeals.append(pages)
      } else {
        state.beginFetch(candidate.key, now: clock.now, heal: true)
      }
      return nil
    }
  }

  /// Drops a handle; the last holder of a request cancels its fetch in flight and its
  /// stale timer.
  func release(handle id: Int) {
    update { state in
      guard let key = state.release(id) else { return }
      state.scheduleStaleTimer(key, now: clock.now)
      // The rest of a reply still arriving stops; its task's end marks what never came.
      state.operations[key]?.increments?.task?.cancel()
      if var entry = state.operations[key], let running = entry.lifecycle.running {
        // Forget the fetch now, so a holder that comes before it unwinds starts its own.
        running.task?.cancel()
        entry.lifecycle = .idle
        state.operations[key] = entry
      }
      state.release(key: key)
    }
  }
}
