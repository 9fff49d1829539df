import Foundation

/// A value behind a lock.
///
/// `NSLock` rather than `Synchronization.Mutex`: on Linux, `Mutex` waits with raw futex
/// calls that ThreadSanitizer cannot see, so every access under it reads as a race and the
/// sanitized concurrency test (Tools/test.sh) could not tell a real race from the lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched between `lock.lock()` and `lock.unlock()`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
