import Baton
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
  /// An environment talking to this server with `heal`, as an app would make one.
  func environment(heal: any HealPolicy) -> Environment {
    Environment(transport: HTTPTransport(endpoint: graphQLURL), heal: heal)
  }

  /// Points Rick's origin at `location` (a record key such as `Location:20`).
  func retargetRicksOrigin(to location: String) async throws {
    try await control(["command": "set", "target": "Character:1.origin", "value": .string(location)])
  }
}
