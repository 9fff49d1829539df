import BatonNormalizer
import BatonStore
import BatonTransport
import Foundation

/// A clock a test moves by hand. Moving it wakes the environment's sleepers whose deadline
/// it reached, so a test drives staleness by age, and `ScriptedReply.delayed` replies,
/// without waiting. Share one between environments to keep "now" across a simulated
/// relaunch.
///
/// ```swift
/// let clock = ManualClock()
/// let environment = GraphQLEnvironment(transport: transport, staleAfter: .seconds(60), clock: clock)
/// clock.advance(by: .seconds(61))
/// ```
public final class ManualClock: StoreClock {
  private struct Sleeper {
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Date
    var sleepers: [Int: Sleeper] = [:]
    /// Sleepers cancelled before they registered.
    var cancelled: Set<Int> = []
    var nextSleeper = 0
  }

  private let state: Locked<State>

  /// A clock that reads `start` until it is moved; by default a fixed date, so runs agree.
  public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    state = Locked(State(now: start))
  }

  /// The time, as last set.
  public var now: Date { state.withLock { $0.now } }

  /// The deadlines sleepers wait for now, earliest first.
  public var sleeperDeadlines: [Date] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

  /// Moves the clock forward and wakes every sleeper whose deadline it reached.
  public func advance(by duration: Duration) {
    let seconds = TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    let woken = state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Returns once the clock has been moved to `deadline` or past it; throws
  /// `CancellationError` if the task is cancelled first.
  public func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeper += 1 }
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if state.now >= deadline { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return CheckedContinuation<Void, any Error>?.none
        }
        return sleeper.continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
