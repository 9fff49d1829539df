import BatonNormalizer

/// Whether the device can reach the network, and when that changes: the seam `OfflinePart`
/// waits on and the environment refetches by (`GraphQLEnvironment(reachability:)`).
/// `NetworkPathReachability` follows the system on Apple platforms; `ManualReachability`
/// is set by hand (tests, and platforms without a path monitor).
public protocol Reachability: Sendable {
  /// Whether the network is reachable now.
  var isOnline: Bool { get }
  /// The reachability now, then each change, until the consumer stops.
  func changes() -> AsyncStream<Bool>
}

/// A reachability set by hand: `ManualReachability(isOnline: false)`, then `setOnline(true)`.
public final class ManualReachability: Reachability {
  private struct State {
    var isOnline: Bool
    var listeners: [Int: AsyncStream<Bool>.Continuation] = [:]
    var next = 0
  }

  private let state: Locked<State>

  /// A reachability that starts `isOnline`.
  public init(isOnline: Bool = true) {
    state = Locked(State(isOnline: isOnline))
  }

  /// Whether it is set online.
  public var isOnline: Bool { state.withLock { $0.isOnline } }

  /// Sets it, telling every listener of a change.
  public func setOnline(_ isOnline: Bool) {
    let listeners = state.withLock { state -> [AsyncStream<Bool>.Continuation] in
      guard state.isOnline != isOnline else { return [] }
      state.isOnline = isOnline
      return Array(state.listeners.values)
    }
    for listener in listeners { listener.yield(isOnline) }
  }

  /// The current value, then each change.
  public func changes() -> AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let id = state.withLock { state -> Int in
      defer { state.next += 1 }
      state.listeners[state.next] = continuation
      continuation.yield(state.isOnline)
      return state.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
    }
    return stream
  }
}
