import BatonNormalizer
import Foundation
import Observation

/// A watched query with a `@connection`: its operation handle (phase, fetch, freshness;
/// its data reads every page loaded so far), plus loading more in either direction.
///
/// Each direction has its own fetch state beside the handle's: a page that fails is
/// `.failed` there while the edges already loaded stay in the data. Calls to `loadNext`
/// while one is in flight join it rather than fetching the page twice, and likewise
/// `loadPrevious`. Dropping the handle cancels its page fetches; a cancelled page writes
/// nothing. `isStale` is the operation's staleness or any loaded page's age past
/// `staleAfter`, each page judged by the time it was fetched.
@Observable
public final class PaginatedHandle<Request: GraphQLOperation>: Sendable {
  typealias Direction = PageFetches.Direction

  struct Paging: Sendable {
    var handle: OperationHandle<Request>
    var fetches = PageFetches()
  }

  @ObservationIgnored private let environment: GraphQLEnvironment
  @ObservationIgnored private let location: ConnectionLocation?
  @ObservationIgnored private let paging: Locked<Paging>
  /// The wake-up that tells `isStale`'s observers when the oldest page turns stale.
  @ObservationIgnored private let staleWake = Locked<(deadline: Date, task: Task<Void, Never>)?>(nil)

  init(handle: OperationHandle<Request>, environment: GraphQLEnvironment) {
    self.environment = environment
    self.location = ConnectionLocation(Request.operation.selections)
    self.paging = Locked(Paging(handle: handle))
  }

  deinit {
    let tasks = paging.withLock { $0.fetches.tasks.values }
    for task in tasks { task.cancel() }
    staleWake.withLock { $0?.task.cancel() }
  }

  /// The query's handle; `refetch(_:)` replaces it once the new request's data is in.
  public var handle: OperationHandle<Request> {
    access(keyPath: \.handle)
    return paging.withLock { $0.handle }
  }

  /// The query's phase; its data holds every edge loaded so far.
  public var phase: OperationPhase<Request.Data> { handle.phase }

  /// The last `loadNext`: idle, in flight, or failed (the loaded edges stay).
  public var nextFetch: FetchState {
    access(keyPath: \.nextFetch)
    return paging.withLock { $0.fetches.next }
  }

  /// The last `loadPrevious`: idle, in flight, or failed (the loaded edges stay).
  public var previousFetch: FetchState {
    access(keyPath: \.previousFetch)
    return paging.withLock { $0.fetches.previous }
  }

  /// The id of the connection record the handle reads, for the `connections:` argument of
  /// `@appendEdge`, `@prependNode`, `@deleteEdge` and the like; `nil` until a page is stored.
  public var connectionID: RecordID? {
    let current = handle
    return location?.connectionID(in: environment.visibleRecords, variables: current.request.variables)
  }

  /// Whether the server said more edges follow the last one loaded (`pageInfo.hasNextPage`).
  public var hasNext: Bool { pageInfo.hasNextPage }

  /// Whether the server said more edges precede the first one loaded (`pageInfo.hasPreviousPage`).
  public var hasPrevious: Bool { pageInfo.hasPreviousPage }

  /// The operation is stale, or a page of the connection was fetched longer ago than
  /// `staleAfter` (the operation's, else the environment's). Each page's fetch time is kept
  /// with the connection in the store, so it is the same after a relaunch.
  public var isStale: Bool {
    access(keyPath: \.isStale)
    let current = handle
    if current.isStale { return true }
    guard let staleAfter = Request.staleAfter ?? environment.staleAfter, let location else { return false }
    let records = environment.visibleRecords
    guard let id = location.connectionID(in: records, variables: current.request.variables),
      let oldest = ConnectionPageLog(records[id]).oldestFetch
    else { return false }
    let deadline = Date(timeIntervalSince1970: oldest + staleAfter.timeInterval)
    if environment.clock.now >= deadline { return true }
    // The query's own deadline wakes its observers; an older page's comes from here.
    wakeObservers(at: deadline)
    return false
  }

  private func wakeObservers(at deadline: Date) {
    let clock = environment.clock
    staleWake.withLock { wake in
      guard wake?.deadline != deadline else { return }
      wake?.task.cancel()
      let task = Task { [weak self] in
        while clock.now < deadline {
          do { try await clock.sleep(until: deadline) } catch { return }
        }
        self?.withMutation(keyPath: \.isStale) {}
      }
      wake = (deadline, task)
    }
  }

  /// Starts loading up to `count` edges after the last one: the query again with its
  /// `first` variable set to `count` and its `after` variable to the connection's end
  /// cursor. Does nothing when `hasNext` is false; joins a `loadNext` in flight.
  ///
  /// - Returns: the page's task; `await` its `value` to wait until the page settled (see
  ///   `nextFetch`). The task does not keep the handle alive: dropping the handle cancels it.
  @discardableResult
  public func loadNext(_ count: Int) -> Task<Void, Never> {
    load(.forward, count: count)
  }

  /// Starts loading up to `count` edges before the first one (`last` and `before`); see
  /// `loadNext(_:)`.
  @discardableResult
  public func loadPrevious(_ count: Int) -> Task<Void, Never> {
    load(.backward, count: count)
  }

  /// Fetches the first page again with the same variables: as in Relay, the connection's
  /// edges are then replaced by that page's (see `Documentation/Pagination.md`).
  public func refetch() async {
    await handle.refetch()
  }

  /// Watches `request` instead (new filters make another connection) and returns when its
  /// first page settled; the previous data stays visible until then.
  public func refetch(_ request: Request) async {
    let replacement = environment.watch(request, policy: .networkOnly)
    for await snapshot in replacement.snapshots where !snapshot.fetch.isInFlight && snapshot.phase.data != nil
      || snapshot.fetch.failure != nil
    {
      break
    }
    withMutation(keyPath: \.handle) {
      paging.withLock { $0.handle = replacement }
    }
  }

  private var pageInfo: ConnectionPageInfo {
    let current = handle
    _ = current.snapshot  // observing the handle's data observes the page info it reads
    guard let location else { return .unknown }
    return location.pageInfo(in: environment.visibleRecords, variables: current.request.variables)
  }

  private func load(_ direction: Direction, count: Int) -> Task<Void, Never> {
    guard let location,
      let variables = location.pageVariables(
        forward: direction == .forward, count: count, info: pageInfo, variables: handle.request.variables)
    else {
      return paging.withLock { $0.fetches.tasks[direction] } ?? Task {}
    }
    let environment = environment
    let task = paging.withLock { paging in
      paging.fetches.join(direction, now: environment.clock.now) {
        Task { [weak self] in
          let outcome = await environment.fetchPage(Request.self, variables: variables)
          self?.settle(direction, outcome)
        }
      }
    }
    notify(direction)
    return task
  }

  private func settle(_ direction: Direction, _ outcome: Result<Void, FetchFailure>?) {
    paging.withLock { $0.fetches.settle(direction, outcome) }
    notify(direction)
  }

  private func notify(_ direction: Direction) {
    switch direction {
    case .forward: withMutation(keyPath: \.nextFetch) {}
    case .backward: withMutation(keyPath: \.previousFetch) {}
    }
  }
}

extension GraphQLEnvironment {
  /// Watches a query with a `@connection` field, for loading more of it: `loadNext`,
  /// `loadPrevious`, `hasNext`, `hasPrevious` and a fetch state per direction. The query's
  /// own variables load the first page; its `first`/`after` (and `last`/`before`)
  /// arguments must take variables for the handle to page.
  public func watchPaginated<Request: GraphQLOperation>(
    _ request: Request, policy: FetchPolicy = .storeOrNetwork
  ) -> PaginatedHandle<Request> {
    PaginatedHandle(handle: watch(request, policy: policy), environment: self)
  }
}
