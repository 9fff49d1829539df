import Foundation
import Synchronization

/// A GraphQL server nobody here wrote, from PyPI (`Tools/interop`, in `.venv-interop`), as a
/// child process: strawberry-graphql or ariadne serving the interop schema (characters, a
/// mutation, a field error, a subscription), for tests that hold Baton's network features
/// to what other servers send.
public final class InteropServer: Sendable {
  /// The servers `Tools/interop/serve.py` runs.
  public enum Kind: String, Sendable, CaseIterable {
    case strawberry, ariadne
  }

  public let kind: Kind
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let server: Mutex<ServerProcess?>

  /// Starts `kind` from the repository this file is in, waiting for its first line on a
  /// thread of its own (a blocked start must not stall the tests beside it).
  public static func start(_ kind: Kind) async throws -> InteropServer {
    try await ServerProcess.onOwnThread { try InteropServer(kind) }
  }

  private init(_ kind: Kind) throws {
    let root = try RepositoryRoot.find()
    let server = try ServerProcess(
      python: root.appendingPathComponent(".venv-interop/bin/python"),
      script: root.appendingPathComponent("Tools/interop/serve.py"),
      arguments: ["--server", kind.rawValue, "--exit-on-stdin-eof"], name: "the \(kind.rawValue) interop server")
    self.kind = kind
    self.port = server.port
    self.server = Mutex(server)
  }

  deinit { stop() }

  /// Ends the server. Calling it again does nothing.
  public func stop() {
    server.withLock { server in
      server?.stop()
      server = nil
    }
  }

  /// `http://127.0.0.1:<port><path>`.
  public func url(_ path: String = "/graphql", scheme: String = "http") -> URL {
    URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }
}
