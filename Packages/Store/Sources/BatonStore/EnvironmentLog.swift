import BatonNormalizer
import Foundation

/// The environment's log: the latest events, oldest first, and a stream of new ones. Tests
/// read `events`; an app forwards `stream()` to `os.Logger` or analytics.
///
/// Keeps at most `capacity` events, dropping the oldest, so a long-running app's log
/// stays bounded.
public final class EnvironmentLog: Sendable {
  /// The most events kept.
  public let capacity: Int
  private let state = Locked(State())

  private struct State {
    var events: [LogEvent] = []
    /// When each of `events` was recorded, index for index: apart, so an event stays a value
    /// a test compares with `==`.
    var times: [Date] = []
    var subscribers: [Int: AsyncStream<LogEvent>.Continuation] = [:]
    var nextSubscriber = 0
  }

  /// A log keeping the latest `capacity` events (at least one).
  public init(capacity: Int = 10_000) {
    self.capacity = max(1, capacity)
  }

  /// The events kept, oldest first.
  public var events: [LogEvent] { state.withLock { $0.events } }

  /// The events kept, oldest first, each with when it was recorded (what the inspector's
  /// timeline shows).
  package var timedEvents: [(event: LogEvent, at: Date)] {
    state.withLock { state in zip(state.events, state.times).map { ($0, $1) } }
  }

  /// Every event recorded from now on, in the order recorded, until the stream's consumer
  /// stops iterating (or its task is cancelled). Each call is its own subscriber: two
  /// streams each get every event.
  ///
  /// A consumer that falls behind loses the oldest events it has not read: the stream
  /// holds at most `bufferingNewest` of them (at least one), so a stalled consumer cannot
  /// make the log grow without bound. `events` still has them.
  public func stream(bufferingNewest limit: Int = 1_000) -> AsyncStream<LogEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: LogEvent.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
    let number = state.withLock { state in
      let number = state.nextSubscriber
      state.nextSubscriber += 1
      state.subscribers[number] = continuation
      return number
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: number) }
    }
    return stream
  }

  /// Forgets every event kept; streams go on.
  public func clear() {
    state.withLock { state in
      state.events.removeAll()
      state.times.removeAll()
    }
  }

  /// How many streams are subscribed (tests check that an ended stream unsubscribes).
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  deinit {
    let subscribers = state.withLock { $0.subscribers.values }
    for subscriber in subscribers { subscriber.finish() }
  }

  func record(_ event: LogEvent) {
    record([event])
  }

  func record(_ new: [LogEvent]) {
    guard !new.isEmpty else { return }
    let now = Date()
    state.withLock { state in
      state.events.append(contentsOf: new)
      state.times.append(contentsOf: repeatElement(now, count: new.count))
      if state.events.count > capacity {
        state.times.removeFirst(state.events.count - capacity)
        state.events.removeFirst(state.events.count - capacity)
      }
      // Yielding under the lock keeps every stream in the order `events` has.
      for subscriber in state.subscribers.values {
        for event in new { subscriber.yield(event) }
      }
    }
  }
}
