import BatonStore

/// A boolean set once, from any task, and read from any other.
public final class Flag: Sendable {
  private let state = Locked(false)

  /// A flag not yet set.
  public init() {}

  /// Whether `set()` was called.
  public var isSet: Bool { state.withLock { $0 } }

  /// Sets the flag.
  public func set() { state.withLock { $0 = true } }
}
