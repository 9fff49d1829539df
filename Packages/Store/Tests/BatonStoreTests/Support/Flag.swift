import Synchronization

/// A boolean set once from any thread.
final class Flag: Sendable {
  private let state = Mutex(false)
  var value: Bool { state.withLock { $0 } }
  func set() { state.withLock { $0 = true } }
}
