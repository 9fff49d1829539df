import Foundation

extension GraphQLEnvironment {
  /// Where handles tell their observers (Observation and `snapshots`) of a change.
  public enum Delivery: Sendable, Hashable {
    /// On the thread that made the write (a fetch's task, the caller of `commitUpdate`),
    /// as soon as the store's lock is released: what tests and background work want.
    case writingThread
    /// On the main actor: a write made on the main thread is told at once, one made
    /// elsewhere is handed to the main actor (on Linux, where the main actor's queue is not
    /// drained by the main thread, every write is handed over). What SwiftUI views and other main-actor observers want, so that an
    /// `onChange` from `withObservationTracking` runs where the UI may be touched.
    case mainActor
  }

  /// Tells one handle's observers, where `delivery` says.
  func deliver(_ sink: any HandleSink) {
    switch delivery {
    case .writingThread:
      sink.deliver()
    case .mainActor:
      if Thread.isMainThread {
        MainActor.assumeIsolated { sink.deliver() }
      } else {
        // Deliveries may reach the main actor out of order; each tells the handle's latest
        // snapshot, and a version already told is not told again.
        Task { @MainActor in sink.deliver() }
      }
    }
  }
}
