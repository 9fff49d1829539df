import BatonStore
import BatonTestServer
import Foundation

/// One loopback server for a serialized suite, reset before each test.
struct LoopbackServer: Sendable {
  let started: Result<TestServer, TestServerError>

  init() {
    do {
      started = .success(try TestServer())
    } catch let error as TestServerError {
      started = .failure(error)
    } catch {
      started = .failure(TestServerError(String(describing: error)))
    }
  }

  func fresh() async throws -> TestServer {
    let server = try started.get()
    try await server.reset()
    return server
  }
}

extension TestServer {
  func environment(image: any Persistence, clock: any StoreClock, staleAfter: Duration? = .seconds(300)) -> Environment {
    Environment(
      transport: HTTPTransport(endpoint: graphQLURL), persistence: image, staleAfter: staleAfter, clock: clock)
  }
}
