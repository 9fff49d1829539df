// Apple-only: no compiler here sees this file. Checked by hand against Apple's documentation:
// - Availability: NWPathMonitor, init(), start(queue:), cancel(), currentPath and
//   pathUpdateHandler are macOS 10.14, iOS 12, tvOS 12, watchOS 5, visionOS 1.
// - Threading: pathUpdateHandler is `@Sendable (NWPath) -> Void` and runs on the queue
//   given to start(queue:); it only hands the status to `ManualReachability`, which locks.
// - Sendable: the page declares `final class NWPathMonitor` without listing Sendable; this
//   class (Sendable, as `Reachability` requires) keeps it in a `let` and calls only
//   thread-safe members, and the macOS build in CI confirms the conformance.
// Its twin is `ManualReachability`, which does all the bookkeeping and is tested here.
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
