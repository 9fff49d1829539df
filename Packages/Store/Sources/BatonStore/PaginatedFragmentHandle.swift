import BatonNormalizer
import Foundation
import Observation

/// Loading more of a fragment's `@connection` from the fragment's data as a parent read it
/// (Relay's `usePaginationFragment(fragment, parentRef)`): a child view that got the
/// fragment from its parent pages the list itself, with the fragment's `@refetchable` query.
///
/// The pages merge into the connection the parent reads, so the parent's handle (which
/// observes every write) and `data` show them. Each direction has its own fetch state; a
/// call while a page is in flight in that direction joins it; dropping the handle cancels
/// its page fetches, and a cancelled page writes nothing.
@Observable
public final class PaginatedFragmentHandle<Request: GraphQLOperation, Fragment: GraphQLData>: Sendable {
  typealias Direction = PageFetches.Direction

  @ObservationIgnored private let environment: GraphQLEnvironment
  @ObservationIgnored private let anchor: FragmentAnchor?
  @ObservationIgnored private let fetches = Locked(PageFetches())

  init(_ fragment: Fragment, environment: GraphQLEnvironment) {
    self.environment = environment
    self.anchor = fragment.__read.reference.flatMap { reference in
      FragmentAnchor(reference, query: Request.operation, in: environment.visibleRecords)
    }
  }

  deinit {
    let tasks = fetches.withLock { $0.tasks.values }
    for task in tasks { task.cancel() }
  }

  /// The fragment read again from the store as it is now, every page loaded so far
  /// included; `nil` when the fragment was not read through a spread. Observers hear when
  /// a page of this handle settles; the parent's handle tells of every other write.
  public var data: Fragment? {
    access(keyPath: \.data)
    guard let anchor else { return nil }
    let source = environment.visibleRecords
    guard let object = read(source, fragment: anchor.fragment, at: anchor.reference).data else { return nil }
    return Fragment(__read: DataRead(object, in: source, reference: anchor.reference))
  }

  /// The last `loadNext`: idle, in flight, or failed (the loaded edges stay).
  public var nextFetch: FetchState {
    access(keyPath: \.nextFetch)
    return fetches.withLock { $0.next }
  }

  /// The last `loadPrevious`: idle, in flight, or failed (the loaded edges stay).
  public var previousFetch: FetchState {
    access(keyPath: \.previousFetch)
    return fetches.withLock { $0.previous }
  }

  /// The id of the connection record the fragment reads (for `connections:` of a list
  /// edit); `nil` until a page is stored.
  public var connectionID: RecordID? { anchor?.connectionID(in: environment.visibleRecords) }

  /// Whether the server said more edges follow the last one loaded (`pageInfo.hasNextPage`).
  public var hasNext: Bool { pageInfo.hasNextPage }

  /// Whether the server said more edges precede the first one loaded (`pageInfo.hasPreviousPage`).
  public var hasPrevious: Bool { pageInfo.hasPreviousPage }

  /// Starts loading up to `count` edges after the last one: the refetch query with the
  /// fragment's variables, its `first` variable set to `count` and its `after` variable to
  /// the connection's end cursor. Does nothing when `hasNext` is false; joins a `loadNext`
  /// in flight.
  ///
  /// - Returns: the page's task; `await` its `value` to wait until the page settled (see
  ///   `nextFetch`). The task does not keep the handle alive.
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

  private var pageInfo: ConnectionPageInfo {
    access(keyPath: \.data)
    return anchor?.pageInfo(in: environment.visibleRecords) ?? .unknown
  }

  private func load(_ direction: Direction, count: Int) -> Task<Void, Never> {
    guard let anchor,
      let variables = anchor.location.pageVariables(
        forward: direction == .forward, count: count, info: pageInfo, variables: anchor.variables)
    else {
      return fetches.withLock { $0.tasks[direction] } ?? Task {}
    }
    let environment = environment
    let task = fetches.withLock { fetches in
      fetches.join(direction, now: environment.clock.now) {
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
    fetches.withLock { $0.settle(direction, outcome) }
    notify(direction)
    withMutation(keyPath: \.data) {}
  }

  private func notify(_ direction: Direction) {
    switch direction {
    case .forward: withMutation(keyPath: \.nextFetch) {}
    case .backward: withMutation(keyPath: \.previousFetch) {}
    }
  }
}

extension GraphQLEnvironment {
  /// Pages a fragment's `@connection` from the fragment's data as its parent read it
  /// (Relay's `usePaginationFragment(fragment, parentRef)`): `query` is the fragment's
  /// `@refetchable` query (`Fragment.RefetchQuery`), which each page sends with the
  /// variables the fragment was read under and the key of its record. Nothing is fetched
  /// until `loadNext` or `loadPrevious`.
  ///
  /// A fragment value not read through a spread (one built for a preview), or a query that
  /// does not spread the fragment, gives a handle with nothing to page: `hasNext` and
  /// `hasPrevious` are false and `data` is `nil`.
  public func watchPaginated<Request: GraphQLOperation, Fragment: GraphQLData>(
    _ query: Request.Type, fragment: Fragment
  ) -> PaginatedFragmentHandle<Request, Fragment> {
    PaginatedFragmentHandle(fragment, environment: self)
  }
}
