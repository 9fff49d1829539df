import BatonStore

/// An `OperationPhase` without its payload, for waiting on a phase.
public enum PhaseKind: Sendable, Hashable {
  /// `.loading`.
  case loading
  /// `.ready`, whatever the data.
  case ready
  /// `.failed`, whatever the error.
  case failed

  /// The kind of `phase`.
  public init<Data>(_ phase: OperationPhase<Data>) {
    switch phase {
    case .loading: self = .loading
    case .ready: self = .ready
    case .failed: self = .failed
    }
  }
}
