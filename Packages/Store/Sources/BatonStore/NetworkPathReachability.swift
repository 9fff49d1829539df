#if canImport(Network)
  import Dispatch
  import Network

  /// The system's view of the network on Apple platforms (`NWPathMonitor`): online while
  /// the current path is satisfied.
  public final class NetworkPathReachability: Reachability {
    private let monitor = NWPathMonitor()
    private let listeners = ManualReachability()

    /// Starts following the system's path.
    public init() {
      listeners.setOnline(monitor.currentPath.status == .satisfied)
      monitor.pathUpdateHandler = { [listeners] path in listeners.setOnline(path.status == .satisfied) }
      monitor.start(queue: DispatchQueue(label: "baton.reachability"))
    }

    deinit { monitor.cancel() }

    /// Whether the current path is satisfied.
    public var isOnline: Bool { listeners.isOnline }

    /// The current value, then each change of the path.
    public func changes() -> AsyncStream<Bool> { listeners.changes() }
  }
#endif
