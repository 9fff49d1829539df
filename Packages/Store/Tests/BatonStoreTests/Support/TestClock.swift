import Foundation

@testable import BatonStore

/// A clock a test moves by hand; moving it wakes the environment's sleepers whose
/// deadline it reached, so a test drives staleness by age without waiting. Behind the
/// store's `Locked`, which the thread sanitizer sees (the stress test moves it).
final class TestClock: StoreClock {
  private struct State {
    var now: Date
    var sleepers: [Int: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    /// Sleepers cancelled before they registered.
    var cancelled: Set<Int> = []
    var nextSleeper = 0
  }

  private let state: Locked<State>

  init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    state = Locked(State(now: start))
  }

  var now: Date { state.withLock { $0.now } }

  /// The deadlines sleepers wait for now, earliest first.
  var sleeperDeadlines: [Date] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

  func advance(by seconds: TimeInterval) {
    let woken = state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeper += 1 }
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if state.now >= deadline { return .success(()) }
          state.sleepers[id] = (deadline, continuation)
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
