import BatonNormalizer
import Foundation
import Observation

/// A watched operation: its phase, its last fetch, its freshness, observable
/// with Observation and as an `AsyncSequence` of snapshots.
///
/// The request stays retained in the store while the handle is held; dropping the last
/// handle on a request cancels its fetch in flight. A store write reaches the handle only
/// when it changed a record the handle's last read saw, and observers hear of it only
/// when the handle's snapshot changed.
///
/// Observers (Observation's `onChange`, `snapshots`) are told on the thread of the write
/// that changed the snapshot: a fetch's task, or whoever called a write. A UI makes its
/// environment with `deliver: .mainActor` to be told on the main actor instead.
@Observable
public final class OperationHandle<Request: GraphQLOperation>: Sendable {
  /// The operation and its variables.
  public let request: Request
  /// Where the handle's data may come from.
  public let policy: FetchPolicy
  @ObservationIgnored let id: Int
  @ObservationIgnored let key: String
  @ObservationIgnored private let environment: GraphQLEnvironment
  @ObservationIgnored private let reader: OperationRead
  @ObservationIgnored private let state: Locked<HandleState<Request.Data>>
  /// Whether data missing before any fetch is reported (logged, marked stale, a runtime
  /// issue): for a fragment read by id that nothing fetches, whose gaps no fetch will fill,
  /// unlike an operation's before its first fetch.
  @ObservationIgnored private let reportsMissingBeforeFetch: Bool
  /// Whether a read keeps its list items for the next (`ReadCache`): not for a handle
  /// dropped once it settles, which would hold a second table of every item's records
  /// at the fetch's peak for a re-read that never comes.
  @ObservationIgnored private let cachesReads: Bool
  /// `\.snapshot`, made once: a key path into a generic class is built anew each time its
  /// literal runs, and every read of the snapshot (a view's body) and every delivery names it.
  @ObservationIgnored private let snapshotKeyPath: KeyPath<OperationHandle, OperationSnapshot<Request.Data>> & Sendable

  init(
    request: Request, policy: FetchPolicy, id: Int, key: String, environment: GraphQLEnvironment, reader: OperationRead,
    status: OperationStatus, reportsMissingBeforeFetch: Bool = false, cachesReads: Bool = true
  ) {
    self.request = request
    self.policy = policy
    self.id = id
    self.key = key
    self.environment = environment
    self.reader = reader
    self.reportsMissingBeforeFetch = reportsMissingBeforeFetch
    self.cachesReads = cachesReads
    self.state = Locked(HandleState(status: status, awaitingAfter: policy == .networkOnly ? status.settledFetches : nil))
    self.snapshotKeyPath = \.snapshot
  }

  deinit {
    let continuations = state.withLock { $0.continuations.values }
    for continuation in continuations { continuation.finish() }
    environment.release(handle: id)
  }

  /// Everything the handle shows, as one consistent value.
  public var snapshot: OperationSnapshot<Request.Data> {
    access(keyPath: snapshotKeyPath)
    return state.withLock { $0.snapshot }
  }

  /// Loading, ready with data, or failed.
  public var phase: OperationPhase<Request.Data> { snapshot.phase }
  /// The last fetch: idle, in flight, or failed (with the data, if any, still shown).
  public var fetch: FetchState { snapshot.fetch }
  /// Ready, and a fetch is in flight.
  public var isRefreshing: Bool { snapshot.isRefreshing }
  /// Marked stale, or fetched longer ago than `staleAfter`, as of now by the environment's
  /// clock.
  ///
  /// Observable like the snapshot: when the data turns stale by age, with no other change,
  /// the environment wakes at the deadline (on its clock) and gives the handle a snapshot
  /// with `isStale` true, once per deadline, so a view showing a "stale" badge updates.
  /// A fetch that succeeds makes it fresh and sets the next deadline.
  public var isStale: Bool {
    access(keyPath: snapshotKeyPath)
    let status = state.withLock { $0.status }
    return status.isStale(at: environment.clock.now)
  }
  /// The fields past their max age (`MaxAges`) as of now by the environment's clock, each
  /// with the fragment that read it: the snapshot's `staleFragments`, brought up to the
  /// present (a field's age passing its max age gives no snapshot of its own).
  public var staleFragments: [StaleField] {
    access(keyPath: snapshotKeyPath)
    let (owners, ages) = state.withLock { ($0.owners, $0.status.fieldAges) }
    return reader.staleFields(owners, ages: ages, now: environment.clock.now)
  }
  /// Field errors the read met and no `@catch` caught.
  public var fieldErrors: [ReadEvent] { snapshot.fieldErrors }
  /// The last response's errors that belong to the operation rather than to a field.
  public var operationErrors: [FieldError] { snapshot.operationErrors }

  /// The current snapshot, then one for every change, until the handle goes. Unbounded:
  /// a consumer that falls behind sees every state in order.
  ///
  /// Turning stale by age is a change: when the data's `staleAfter` deadline passes, the
  /// stream yields one snapshot with `isStale` true, even if nothing else happened.
  public var snapshots: AsyncStream<OperationSnapshot<Request.Data>> {
    let (stream, continuation) = AsyncStream.makeStream(of: OperationSnapshot<Request.Data>.self)
    let number = state.withLock { state in
      let number = state.nextContinuation
      state.nextContinuation += 1
      state.continuations[number] = continuation
      continuation.yield(state.snapshot)
      return number
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.continuations.removeValue(forKey: number) }
    }
    return stream
  }

  /// Fetches the operation again (or joins the fetch in flight) and returns when it settles.
  public func refetch() async {
    await environment.refetch(key: key)
  }

  /// Whether the handle shows data now.
  var hasData: Bool { state.withLock { $0.snapshot.phase.data != nil } }

  /// How many times the store re-read this handle (tests and baton-bench check notification
  /// is precise). Behind an SPI: the development package's benchmarks are another package.
  @_spi(BatonDevelopment) public var readCount: Int { state.withLock { $0.readCount } }
}

extension OperationHandle: HandleSink {
  func refresh(source: RecordSource, changed: Set<RecordID>?, status: OperationStatus, now: Date) -> HandleRefresh {
    var cache = ReadCache()
    var previousOwn: Set<RecordID>?
    if let changed {
      state.withLock { state in
        swap(&cache, &state.readCache)
        previousOwn = state.seenOutsideLists
      }
      cache.invalidate(changed)
    }
    // An empty cache gives every read's seen records whole, as a read without one does.
    var outcome = cachesReads ? reader.read(source, cache: &cache) : reader.read(source)
    let result = outcome.result
    if !status.fieldAges.isEmpty, let operation = outcome.owners.first {
      // The operation's own fields in the items of the lists the cache keeps count too.
      outcome.owners[0].seen = cache.allSeen(joining: operation.seen)
    }
    let seen: SeenRecords =
      if let changes = cache.seenChanges(own: result.seenRecords, previousOwn: previousOwn) {
        .changes(changes)
      } else {
        .all(cache.allSeen(joining: result.seenRecords))
      }
    return state.withLock { state in
      state.readCount += 1
      swap(&state.readCache, &cache)
      state.seenOutsideLists = result.seenRecords
      let previousOwners = state.owners
      state.owners = outcome.owners
      let readChanged =
        state.read != result || state.fragments != outcome.fragments
        || reader.lensFragmentsChanged(
          outcome, in: source, since: state.readSource, previousOwners: previousOwners, changed: changed)
      // A read of a request that never fetched is only loading: its gaps are not news,
      // unless it was ready from the store (a cache redirect, another operation's records)
      // and has lost data since: nothing else would fetch what it now lacks. A read that
      // finds not even its root follows a reset, after which nothing refetches by itself.
      let available = HandleState<Request.Data>.isAvailable(result, status)
      let lostShownData =
        status.fetchedAt == nil && state.snapshot.phase.data != nil && result.isMissingData && result.data != nil
      let reported = available || reportsMissingBeforeFetch || lostShownData
      let newEvents = reported && state.read?.events != result.events ? result.events : []
      if readChanged {
        state.read = result
        state.fragments = outcome.fragments
        // Kept only for what needs it: a source held makes the store's next write copy its
        // table.
        state.readSource = outcome.lensReads.isEmpty ? nil : source
        var source = source
        source.spreadReads = outcome.spreads
        state.made = result.data.map { root in
          Result { () throws(OperationError) -> Request.Data in
            do {
              return try Request.makeData(root, in: source)
            } catch {
              throw .data(String(describing: error))
            }
          }
        }
      }
      let changed = apply(status, readChanged: readChanged, now: now, to: &state)
      let missing =
        result.isMissingData && (status.fetchedAt != nil || reportsMissingBeforeFetch || lostShownData)
        ? result.events.filter { $0.kind == .missing } : []
      return HandleRefresh(seen: seen, changed: changed, newEvents: newEvents, missing: missing)
    }
  }

  var shownFetch: FetchState {
    state.withLock { $0.snapshot.fetch }
  }

  func nextFieldDeadline(_ ages: FieldAges, after now: Date) -> Date? {
    let owners = state.withLock { $0.owners }
    return reader.nextFieldDeadline(owners, ages: ages, after: now)
  }

  func restatus(_ status: OperationStatus, now: Date) -> Bool {
    state.withLock { apply(status, readChanged: false, now: now, to: &$0) }
  }

  func deliver() {
    withMutation(keyPath: snapshotKeyPath) {}
    state.withLock { state in
      guard state.version > state.deliveredVersion else { return }
      state.deliveredVersion = state.version
      for continuation in state.continuations.values { continuation.yield(state.snapshot) }
    }
  }

  private func apply(
    _ status: OperationStatus, readChanged: Bool, now: Date, to state: inout HandleState<Request.Data>
  ) -> Bool {
    let stale = status.isStale(at: now)
    let staleFields = reader.staleFields(state.owners, ages: status.fieldAges, now: now)
    let statusChanged =
      state.status.fetch != status.fetch || state.status.settledFetches != status.settledFetches
      || state.status.operationErrors != status.operationErrors || state.snapshot.isStale != stale
      || state.status.fetchedAt != status.fetchedAt || state.snapshot.staleFragments != staleFields
    state.status = status
    state.noteSettledFetch()
    guard readChanged || statusChanged else { return false }
    state.snapshot = OperationSnapshot(
      phase: phase(state), fetch: status.fetch, isStale: stale,
      fieldErrors: state.read?.fieldErrors ?? [], operationErrors: status.operationErrors, staleFragments: staleFields)
    state.version += 1
    return true
  }

  private func phase(_ state: HandleState<Request.Data>) -> OperationPhase<Request.Data> {
    let status = state.status
    if let awaitingAfter = state.awaitingAfter {
      if case .failed(let failure) = status.fetch, status.settledFetches != awaitingAfter { return .failed(.fetch(failure)) }
      return .loading
    }
    if let read = state.read {
      if HandleState<Request.Data>.isAvailable(read, status) {
        if let failure = read.failure { return .failed(.read(failure)) }
        switch state.made {
        case .success(let data)?: return .ready(data)
        case .failure(let error)?: return .failed(error)
        case nil: break
        }
        if !read.isMissingData { return .failed(.nullData(read.events)) }
      }
    }
    if case .failed(let failure) = status.fetch { return .failed(.fetch(failure)) }
    if policy == .storeOnly { return .failed(.notInStore(state.read?.events.filter { $0.kind == .missing } ?? [])) }
    return .loading
  }
}
