/// A `@defer`red fragment as generated code reads it: not arrived yet, arrived, or failed.
///
/// `.pending` is a state of its own, not missing data: reading it logs nothing and heals
/// nothing. From cache, a fragment whose data is all there reads `.ready` at once, and one
/// whose part failed reads the same `.failed` as it did from the network.
public enum DeferredFragment<Fragment> {
  /// The server has not sent the fragment yet.
  case pending
  case ready(Fragment)
  /// The server could not give the fragment: the errors of its `completed` entry.
  case failed([FieldError])

  /// The fragment's data once it arrived, else `nil`.
  public var value: Fragment? {
    if case .ready(let value) = self { return value }
    return nil
  }

  /// Whether the fragment is still to come.
  public var isPending: Bool {
    if case .pending = self { return true }
    return false
  }
}

extension DeferredFragment: Sendable where Fragment: Sendable {}
extension DeferredFragment: Equatable where Fragment: Equatable {}
extension DeferredFragment: Hashable where Fragment: Hashable {}

extension DataObject {
  /// The deferred fragment `label` of this object: `.pending` or `.failed` from the state
  /// the read found, else `.ready` with what `make` builds from the read slots.
  public func deferred<Fragment, Failure: Error>(
    _ label: String, _ make: () throws(Failure) -> Fragment
  ) throws(Failure) -> DeferredFragment<Fragment> {
    switch increments[label] {
    case .pending?: return .pending
    case .failed(let errors)?: return .failed(errors)
    case nil: return .ready(try make())
    }
  }
}
