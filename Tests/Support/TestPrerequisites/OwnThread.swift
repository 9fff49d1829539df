import Foundation
import Synchronization

/// The stack of a secondary thread on Apple platforms, and of Swift's cooperative threads:
/// recursion that a test's own thread survives can overflow there.
let smallStackSize = 512 * 1024

/// Runs `body` on a thread with a 512 KB stack and returns what it returned or threw,
/// without holding one of Swift concurrency's threads meanwhile (see `onOwnThread`).
public func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await onOwnThread(stackSize: smallStackSize, body)
}

/// Runs `body` on a thread with a 512 KB stack, waits for it and returns what it returned
/// or threw. The caller's thread is blocked meanwhile: for a body that is already on a
/// thread of its own; a test's task awaits the other overload.
public func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
  try onThread(stackSize: smallStackSize, body)
}

/// Runs `body` on a thread with a stack of `stackSize` bytes, waits for it and returns what
/// it returned or threw. The caller's thread is blocked meanwhile: for a body that is
/// already on a thread of its own; a test's task awaits `onOwnThread(stackSize:_:)`.
public func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
  let handoff = Handoff(body)
  let done = DispatchSemaphore(value: 0)
  handoff.start(stackSize: stackSize) { done.signal() }
  done.wait()
  return try handoff.takeOutcome().get()
}

/// Runs `body` on a thread of its own and returns what it returned or threw, waiting
/// without holding one of Swift concurrency's threads: for a child process, a server's
/// start or anything else that blocks.
///
/// The test process has as many of those threads as the machine has cores and runs suites
/// in parallel on them. A test that blocked one for long would stall every other suite's
/// tasks, and their time-outs would fire with what they awaited long reached.
///
/// `stackSize` is the thread's stack in bytes, the system's default when `nil`.
public func onOwnThread<T: Sendable>(
  stackSize: Int? = nil, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
  let handoff = Handoff(body)
  return try await withCheckedThrowingContinuation { continuation in
    handoff.start(stackSize: stackSize) { continuation.resume(with: handoff.takeOutcome()) }
  }
}

/// A body for a thread and what it gave. The thread lets go of the body before it says it
/// is done, so what the body captured is freed by the caller, never by the thread's
/// teardown on a small stack (freeing a deep value recurses in the runtime).
private final class Handoff<T: Sendable>: Sendable {
  private let state: Mutex<(body: (@Sendable () throws -> T)?, outcome: Result<T, any Error>)>

  init(_ body: @escaping @Sendable () throws -> T) {
    state = Mutex((body, .failure(ThreadDidNotFinish())))
  }

  /// Starts a thread that runs the body, then calls `done`.
  func start(stackSize: Int?, done: @escaping @Sendable () -> Void) {
    let thread = Thread {
      self.run()
      done()
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  /// What the body returned or threw, which the handoff no longer holds: whichever thread
  /// lets go of the handoff last, the value is freed by the one it was handed to.
  func takeOutcome() -> Result<T, any Error> {
    state.withLock { state in
      defer { state.outcome = .failure(ThreadDidNotFinish()) }
      return state.outcome
    }
  }

  private func run() {
    guard let body = state.withLock({ state in
      defer { state.body = nil }
      return state.body
    }) else { return }
    let outcome = Result { try body() }
    state.withLock { $0.outcome = outcome }
  }
}

/// A thread's body was not run to its end.
struct ThreadDidNotFinish: Error {}
