import BatonNormalizer
import Foundation
import Synchronization

/// Values nested as deep as a test needs, built without recursion.
enum DeepValues {
  /// `depth` arrays and objects in turn around a string: `[{"in": [{"in": ... "bottom"}]}]`.
  static func json(depth: Int) -> JSONValue {
    var value: JSONValue = .string("bottom")
    for level in 0..<depth { value = level % 2 == 0 ? .object([JSONMember("in", value)]) : .array([.number("\(level)"), value]) }
    return value
  }

  /// `depth` lists of records' values, the innermost holding `bottom`.
  static func list(depth: Int, around bottom: RecordValue = .link("Item:1")) -> RecordValue {
    var value = bottom
    for _ in 0..<depth { value = .list([.null, value]) }
    return value
  }

  /// An error path of `count` components, keys and indices in turn.
  static func path(count: Int) -> [PathComponent] {
    (0..<count).map { $0 % 2 == 0 ? .key("k\($0 % 100)") : .index($0) }
  }
}

/// Runs `body` on a thread with a 512 KB stack (an app's secondary threads get as little)
/// and returns what it returned or threw.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
  try onThread(stackSize: 512 * 1024, body)
}

/// Runs `body` on a thread with a stack of `stackSize` bytes and returns what it returned
/// or threw.
func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
  let handoff = Handoff(body)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    handoff.run()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
  return try handoff.result
}

/// A body for a thread and what it gave. The thread lets go of the body before it says it
/// is done, so what the body captured is freed by the caller, never by the thread's
/// teardown on its small stack (freeing a deep value recurses in the runtime).
private final class Handoff<T: Sendable>: Sendable {
  private let state: Mutex<(body: (@Sendable () throws -> T)?, result: Result<T, any Error>)>

  init(_ body: @escaping @Sendable () throws -> T) {
    state = Mutex((body, .failure(ThreadDidNotFinish())))
  }

  func run() {
    guard let body = state.withLock({ state in
      defer { state.body = nil }
      return state.body
    }) else { return }
    let outcome = Result { try body() }
    state.withLock { $0.result = outcome }
  }

  var result: T {
    get throws { try state.withLock { $0.result }.get() }
  }
}

struct ThreadDidNotFinish: Error {}
