
/// The environment's log: the latest events, oldest first. Tests read `events`; an app
/// may read it for diagnostics.
///
/// Keeps at most `capacity` events, dropping the oldest, so a long-running app's log
/// stays bounded.
public final class EnvironmentLog: Sendable {
  /// The most events kept.
  public let capacity: Int
  private let state = Locked<[LogEvent]>([])

  /// A log keeping the latest `capacity` events (at least one).
  public init(capacity: Int = 10_000) {
    self.capacity = max(1, capacity)
  }

  /// The events kept, oldest first.
  public var events: [LogEvent] { state.withLock { $0 } }

  /// Forgets every event.
  public func clear() {
    state.withLock { $0.removeAll() }
  }

  func record(_ event: LogEvent) {
    record([event])
  }

  func record(_ new: [LogEvent]) {
    guard !new.isEmpty else { return }
    state.withLock { events in
      events.append(contentsOf: new)
      if events.count > capacity { events.removeFirst(events.count - capacity) }
    }
  }
}
