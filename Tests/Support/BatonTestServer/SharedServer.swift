import Foundation
import Synchronization

/// One loopback server for a serialized suite: started on first use, reset before each
/// test, gone when the test process exits.
///
/// Hold one in a suite's `static let`; a failed start is kept and rethrown by each test's
/// `fresh()`, so every test reports why instead of the suite crashing.
///
/// In a taped test (one running under the `.taped` trait, which sets `TapeScope.current`)
/// `fresh()` gives a server of its own for the test instead: replaying, an in-process
/// server answering from the test's tape (no server.py is started); recording, one in front
/// of this shared server.py that writes the tape.
public struct SharedServer: Sendable {
  private let schema: String?
  /// server.py's start, begun on the first `fresh()` that needs it.
  private let started = Start()

  /// A server from the repository this file is in, serving `schema` (server.py's
  /// `--schema`; its default when `nil`).
  public init(schema: String? = nil) {
    self.schema = schema
  }

  /// The server, reset to its initial data and behaviour.
  public func fresh() async throws -> TestServer {
    let server: TestServer
    if let scope = TapeScope.current {
      let upstream = scope.mode == .record ? try await live() : nil
      server = TestServer(front: try TapeServer(scope: scope, upstream: upstream?.port), upstream: upstream)
    } else {
      server = try await live()
    }
    try await server.reset()
    return server
  }

  private func live() async throws -> TestServer {
    let schema = schema
    let task = started.task.withLock { task in
      if let task { return task }
      let started = Task { try await TestServer.start(schema: schema) }
      task = started
      return started
    }
    return try await task.value
  }
}

/// The shared start, one per `SharedServer` (a struct, so the lock lives in a class).
private final class Start: Sendable {
  let task = Mutex<Task<TestServer, any Error>?>(nil)
}
