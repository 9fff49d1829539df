import Foundation

/// A paginated handle's page fetches: each direction's fetch state and the task in flight,
/// which a later call in that direction joins.
struct PageFetches: Sendable {
  /// Forward (`loadNext`) or backward (`loadPrevious`).
  enum Direction: Sendable, Hashable { case forward, backward }

  private(set) var next: FetchState = .idle
  private(set) var previous: FetchState = .idle
  private(set) var tasks: [Direction: Task<Void, Never>] = [:]

  /// The task in flight in `direction`, else the one `start` makes, which is then in flight
  /// (since `now`).
  mutating func join(_ direction: Direction, now: Date, start: () -> Task<Void, Never>) -> Task<Void, Never> {
    if let running = tasks[direction] { return running }
    let task = start()
    tasks[direction] = task
    set(direction, .inFlight(since: now))
    return task
  }

  /// Ends `direction`'s fetch: idle after a page was written or the fetch was cancelled
  /// (`nil`), failed with the failure otherwise.
  mutating func settle(_ direction: Direction, _ outcome: Result<Void, FetchFailure>?) {
    tasks[direction] = nil
    if case .failure(let failure)? = outcome {
      set(direction, .failed(failure))
    } else {
      set(direction, .idle)
    }
  }

  private mutating func set(_ direction: Direction, _ fetch: FetchState) {
    switch direction {
    case .forward: next = fetch
    case .backward: previous = fetch
    }
  }
}
