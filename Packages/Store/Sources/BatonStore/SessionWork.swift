import BatonNormalizer

/// The work of the session `GraphQLEnvironment.reset()` ends that the store does not track:
/// requests of mutations and pages, and subscriptions. Each runs as a task of its own that
/// `cancelAll()` cancels, as does cancelling the task that waits for it.
final class SessionWork: Sendable {
  private let running = Locked<(next: Int, cancels: [Int: @Sendable () -> Void])>((0, [:]))

  /// Runs `body` until it ends or the session does; throws `CancellationError` then.
  func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let task = Task { try await body() }
    let id = add { task.cancel() }
    defer { remove(id) }
    return try await withTaskCancellationHandler {
      do {
        return try await task.value
      } catch where task.isCancelled {
        // However the transport failed on the way out (a cancelled URL load), it was cancelled.
        throw CancellationError()
      }
    } onCancel: {
      task.cancel()
    }
  }

  /// Keeps `cancel` until `remove(_:)` or `cancelAll()`; returns its id.
  func add(_ cancel: @escaping @Sendable () -> Void) -> Int {
    running.withLock { running in
      running.next += 1
      running.cancels[running.next] = cancel
      return running.next
    }
  }

  func remove(_ id: Int) {
    running.withLock { _ = $0.cancels.removeValue(forKey: id) }
  }

  /// Cancels everything running now.
  func cancelAll() {
    let cancels = running.withLock { running in
      defer { running.cancels = [:] }
      return running.cancels.values
    }
    for cancel in cancels { cancel() }
  }
}
