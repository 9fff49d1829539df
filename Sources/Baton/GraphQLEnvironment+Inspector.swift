#if DEBUG
  import BatonInspector
  import BatonStore
  import Foundation

  /// The live inspector of one environment, running until `stop()`: a page at `url` that
  /// follows the store as the app runs (see the Inspector guide). Debug builds only.
  public final class LiveInspector: Sendable {
    /// The page: `http://127.0.0.1:<port>/`.
    public let url: URL
    private let server: InspectorServer

    init(server: InspectorServer) {
      self.server = server
      self.url = URL(string: "http://127.0.0.1:\(server.port)/") ?? URL(fileURLWithPath: "/")
    }

    /// The address the endpoint listens on: always `127.0.0.1`.
    public var boundAddress: String? { server.boundAddress }

    /// Stops listening; a page that is open keeps what it shows.
    public func stop() {
      server.stop()
    }
  }

  extension GraphQLEnvironment {
    /// Serves the inspector page for this environment on 127.0.0.1 (never another
    /// interface), with a JSON snapshot (`/snapshot.json`) and a server-sent-events feed
    /// of log events, fetches and store changes (`/events`). Nothing listens until this
    /// is called, and release builds do not have it.
    ///
    /// It runs until `stop()`, keeping the environment alive: dropping the returned value
    /// does not stop it, so one line in a debug build's setup is enough.
    ///
    /// - Parameter port: the port; 0 (the default) lets the system pick a free one.
    @discardableResult
    public func startInspector(port: UInt16 = 0) throws -> LiveInspector {
      LiveInspector(server: try InspectorServer(source: EnvironmentSource(self), port: port))
    }
  }
#endif
