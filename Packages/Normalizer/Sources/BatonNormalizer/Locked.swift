// Apple-only in part: `import Darwin` only; the pthread mutex calls are POSIX, the same on
// Darwin as on Glibc, where the store's tests and the thread sanitizer run them.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex: the one kind of lock of the runtime's modules (the
/// transport, the store and those built on it), shared at `package` access from here, the
/// module they all import.
///
/// Not `Synchronization.Mutex`: on Linux its contended path runs on futexes inside the
/// standard library, which the thread sanitizer cannot see, so contended sections read as
/// data races (reproduced with 8 threads appending to a `Mutex<[Int]>`: right count, race
/// reports) and `swift test --sanitize=thread` could not vouch for the store. The sanitizer
/// intercepts pthread mutexes.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is read and written only between pthread_mutex_lock and unlock.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock. Not reentrant: `body` must not take
  /// this lock again.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
