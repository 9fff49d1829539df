import Foundation
import Synchronization

/// The stack of a secondary thread on Apple platforms, and of Swift's cooperative threads.
let smallStackSize = 512 * 1024

/// Runs `work` on a thread with a 512 KB stack and waits for it: recursion over response
/// data that a test's own thread survives would overflow there, and the test crashes.
func onSmallStack<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Value? {
  let outcome = Outcome<Value>()
  let finished = DispatchSemaphore(value: 0)
  let thread = Thread {
    let value = work()
    outcome.value.withLock { $0 = value }
    finished.signal()
  }
  thread.stackSize = smallStackSize
  thread.start()
  finished.wait()
  return outcome.value.withLock { $0 }
}

/// The value handed from the small-stack thread back to the test.
private final class Outcome<Value: Sendable>: Sendable {
  let value = Mutex<Value?>(nil)
}
