import Foundation

/// One loopback server for a serialized suite: started on first use, reset before each
/// test, gone when the test process exits.
///
/// Hold one in a suite's `static let`; a failed start is kept and rethrown by each test's
/// `fresh()`, so every test reports why instead of the suite crashing.
public struct SharedServer: Sendable {
  /// The started server, or why it did not start.
  public let started: Result<TestServer, TestServerError>

  /// Starts the server from the repository this file is in.
  public init() {
    do {
      started = .success(try TestServer())
    } catch let error as TestServerError {
      started = .failure(error)
    } catch {
      started = .failure(TestServerError(String(describing: error)))
    }
  }

  /// The server, reset to its initial data and behaviour.
  public func fresh() async throws -> TestServer {
    let server = try started.get()
    try await server.reset()
    return server
  }
}
