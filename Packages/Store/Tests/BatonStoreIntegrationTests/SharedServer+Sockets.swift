import BatonTestServer
import BatonTesting

extension SharedServer {
  /// The server, reset once the earlier tests' sockets have closed: one closing late would
  /// note its `complete` in this test's history.
  func freshWithSocketsClosed(within patience: Duration) async throws -> TestServer {
    let server = try await fresh()
    try await eventually("the earlier tests' sockets closed", within: patience) {
      try await server.sockets()["open"]?.intValue == 0
    }
    try await server.reset()
    return server
  }
}
