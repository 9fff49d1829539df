import BatonNormalizer
import BatonStore
import BatonTestServer
import Foundation

/// One loopback server for a serialized suite: started on first use, reset before each
/// test, gone when the test process exits.
struct SharedServer: Sendable {
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

  /// The server, reset to its initial data and behaviour.
  func fresh() async throws -> TestServer {
    let server = try started.get()
    try await server.reset()
    return server
  }
}

extension TestServer {
  /// An environment talking to this server.
  func environment(
    timeout: Duration = .seconds(10), maximumResponseSize: Int = 64 * 1024 * 1024, heal: (any HealPolicy)? = nil,
    staleAfter: Duration? = nil, clock: any StoreClock = SystemClock(), persistence: (any Persistence)? = nil
  ) -> Environment {
    Environment(
      transport: HTTPTransport(endpoint: graphQLURL, timeout: timeout, maximumResponseSize: maximumResponseSize),
      persistence: persistence, heal: heal, staleAfter: staleAfter, clock: clock)
  }

  /// The body of the most recent `/graphql` request.
  func lastRequestBody() async throws -> JSONValue? {
    guard case .array(let recent)? = try await requests()["recent"] else { return nil }
    return recent.last?["body"]
  }
}
