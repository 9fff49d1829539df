import BatonNormalizer
import Foundation

/// A boolean set once, from any task, and read from any other.
// @unchecked: `isSet` is read and written only under `lock`. (BatonStore's `Locked` is
// `package`, and the development package compiles this file too.)
public final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  /// A flag not yet set.
  public init() {}

  /// Whether `set()` was called.
  public var isSet: Bool { lock.withLock { value } }

  /// Sets the flag.
  public func set() { lock.withLock { value = true } }
}
