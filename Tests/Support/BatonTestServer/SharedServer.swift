/// One loopback server for a serialized suite: started on first use, reset before each
/// test, gone when the test process exits.
///
/// Hold one in a suite's `static let`; a failed start is kept and rethrown by each test's
/// `fresh()`, so every test reports why instead of the suite crashing.
public struct SharedServer: Sendable {
  /// The server's start, begun when the value is made.
  private let started: Task<TestServer, any Error>

  /// Starts the server from the repository this file is in, serving `schema` (server.py's
  /// `--schema`; its default when `nil`).
  public init(schema: String? = nil) {
    started = Task { try await TestServer.start(schema: schema) }
  }

  /// The server, reset to its initial data and behaviour.
  public func fresh() async throws -> TestServer {
    let server = try await started.value
    try await server.reset()
    return server
  }
}
