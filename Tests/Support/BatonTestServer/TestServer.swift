@_spi(Development) import BatonNormalizer
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback GraphQL server (`Tools/test-server/server.py`) as a child process, for
/// integration and end-to-end tests and benchmarks.
///
/// `start()` launches it on a free port with a pipe as its stdin, so the server exits when
/// this process does, however it ends. `stop()` (or dropping the value) ends it.
public final class TestServer: Sendable {
  /// The port the server listens on, on `host`.
  public let port: Int
  /// The loopback address it listens on: 127.0.0.1, or for a taped test's server where
  /// the system has it, 127.0.0.2.
  public let host: String
  private let server: Mutex<ServerProcess?>
  /// The tape server this value stands for, in a taped test (`SharedServer.fresh()`).
  private let front: TapeServer?
  /// server.py behind the tape server while recording.
  private let upstream: TestServer?

  /// `http://<host>:<port>/graphql`.
  public var graphQLURL: URL { url("/graphql") }

  /// Starts a server from the repository at `root` (found from this file by default) and
  /// waits for its `LISTENING <port>` line. `schema` picks what it serves (server.py's
  /// `--schema`: `rickandmorty`, the default, or `swapi`); `arguments` go to server.py after
  /// the port (`--tls` serves every connection over TLS with a self-signed certificate).
  public init(root: URL? = nil, schema: String? = nil, arguments: [String] = []) throws {
    let root = try root ?? RepositoryRoot.find()
    let server = try ServerProcess(
      python: root.appendingPathComponent(".venv/bin/python"),
      script: root.appendingPathComponent("Tools/test-server/server.py"),
      arguments: ["--port", "0", "--exit-on-stdin-eof"] + (schema.map { ["--schema", $0] } ?? []) + arguments,
      name: "server.py")
    self.port = server.port
    self.host = "127.0.0.1"
    self.server = Mutex(server)
    self.front = nil
    self.upstream = nil
  }

  /// The tape server `front` as a test sees a server: recording, it forwards to
  /// `upstream`; replaying, there is no server.py at all.
  init(front: TapeServer, upstream: TestServer?) {
    self.port = front.port
    self.host = front.host
    self.server = Mutex(nil)
    self.front = front
    self.upstream = upstream
  }

  /// Starts a server as `init(root:)` does, waiting for its first line on a thread of its
  /// own: tests run in parallel on as few of Swift concurrency's threads as the machine has
  /// cores, and a start that blocked one would stall the others.
  public static func start(root: URL? = nil, schema: String? = nil, arguments: [String] = []) async throws -> TestServer {
    try await ServerProcess.onOwnThread { try TestServer(root: root, schema: schema, arguments: arguments) }
  }

  // A tape server outlives its `TestServer`: its test's `TapeScope` stops it.
  deinit { if front == nil { stop() } }

  /// Ends the server and waits for it to exit. Calling it again does nothing.
  public func stop() {
    front?.stop()
    server.withLock { server in
      server?.stop()
      server = nil
    }
  }

  /// The URL of `path` on the server.
  public func url(_ path: String) -> URL {
    URL(string: "http://\(host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Applies control commands in order (README, "Control API"); throws if the server refuses one.
  public func control(_ commands: JSONValue...) async throws {
    var request = URLRequest(url: url("/control"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(JSONWriter.string(.array(commands)).utf8)
    let (body, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw TestServerError("control refused: \(String(decoding: body, as: UTF8.self))")
    }
  }

  /// Restores the initial data, removes injected behaviour and zeroes the counters.
  public func reset() async throws {
    try await control(["command": "reset"])
  }

  /// The request counters: `total`, `byOperationName`, `recent` (README, "Reset and counters").
  public func requests() async throws -> JSONValue {
    let (body, _) = try await URLSession.shared.data(from: url("/control/requests"))
    return try JSONReader.parse(Array(body))
  }

  /// How many `/graphql` requests named `operationName` arrived since the last reset.
  public func requestCount(operationName: String) async throws -> Int {
    try await requests()["byOperationName"]?[operationName]?.intValue ?? 0
  }
}
