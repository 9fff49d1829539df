import BatonStore

/// A one-way switch shared between tasks.
final class Flag: Sendable {
  private let value = Locked(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}
