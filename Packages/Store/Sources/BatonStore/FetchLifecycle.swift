import Foundation

/// Where an operation's own fetch is, with what each state has: a fetch in flight has its
/// id, its task (once launched) and its start, and a failure is kept only while no fetch
/// runs. One value, so a fetch shown in flight always has a fetch behind it, and a fetch
/// that ended never still shows.
///
/// The public face of it is `FetchState`; `state` maps one to the other.
enum FetchLifecycle {
  /// A fetch the store has marked in flight.
  struct Fetch {
    let id: Int
    /// `nil` until the environment launches it, right after the update that began it.
    var task: Task<Void, Never>?
    let since: Date
  }

  /// No fetch runs, and the last one (if any) succeeded or was cancelled.
  case idle
  /// A fetch runs.
  case inFlight(Fetch)
  /// A fetch runs, and waits to send try number `attempt` at `next` (`RetryPart`).
  case retrying(Fetch, attempt: Int, next: Date)
  /// No fetch runs, and the last one failed.
  case failed(FetchFailure)

  /// The fetch running, waiting to retry or not.
  var running: Fetch? {
    switch self {
    case .inFlight(let fetch), .retrying(let fetch, _, _): fetch
    case .idle, .failed: nil
    }
  }

  /// What handles show: a retrying fetch is in flight again since it began once the next
  /// try goes.
  var state: FetchState {
    switch self {
    case .idle: .idle
    case .inFlight(let fetch): .inFlight(since: fetch.since)
    case .retrying(_, let attempt, let next): .retrying(attempt: attempt, next: next)
    case .failed(let failure): .failed(failure)
    }
  }

  /// Hands the running fetch `id` its task; `false` when `id` is not the one running.
  mutating func launch(_ id: Int, task: Task<Void, Never>) -> Bool {
    switch self {
    case .inFlight(var fetch) where fetch.id == id:
      fetch.task = task
      self = .inFlight(fetch)
    case .retrying(var fetch, let attempt, let next) where fetch.id == id:
      fetch.task = task
      self = .retrying(fetch, attempt: attempt, next: next)
    default:
      return false
    }
    return true
  }

  /// Cancels the running fetch's task, if any, and leaves `self` as it was.
  func cancelRunning() {
    running?.task?.cancel()
  }
}
