import BatonNormalizer
import Foundation
import Observation

/// A running subscription: its events are written to the store (so every handle watching
/// what they change updates, and only those), and its typed payloads are observable and an
/// `AsyncSequence`.
///
/// The subscription runs while the handle is held; dropping the handle completes it on the
/// server.
@Observable
public final class SubscriptionHandle<Request: GraphQLOperation>: Sendable {
  /// The subscription and its variables.
  public let request: Request
  @ObservationIgnored private let state: Locked<SubscriptionHandleState<Request.Data>>
  @ObservationIgnored private let task: Locked<Task<Void, Never>?> = Locked(nil)

  init(request: Request, since: Date) {
    self.request = request
    state = Locked(SubscriptionHandleState(
      snapshot: SubscriptionSnapshot(latest: nil, eventCount: 0, fetch: .inFlight(since: since), fieldErrors: [], isFinished: false)))
  }

  deinit {
    task.withLock { $0?.cancel() }
    let (payloads, snapshots) = state.withLock { ($0.continuations.values, $0.snapshotContinuations.values) }
    for continuation in payloads { continuation.finish() }
    for continuation in snapshots { continuation.finish() }
  }

  /// Everything the handle shows, as one consistent value.
  public var snapshot: SubscriptionSnapshot<Request.Data> {
    access(keyPath: \.snapshot)
    return state.withLock { $0.snapshot }
  }

  /// The last event's data; `nil` before the first.
  public var latest: Request.Data? { snapshot.latest }
  /// In flight until running, idle while running, reconnecting while the connection is down,
  /// failed when it failed.
  public var fetch: FetchState { snapshot.fetch }

  /// Each event's data from now on, in order, until the subscription ends or the handle goes.
  /// Unbounded: a consumer that falls behind sees every event.
  public var payloads: AsyncStream<Request.Data> { stream(into: \.continuations) }

  /// The current snapshot, then one for every change (an event, a reconnection, the end),
  /// until the subscription ends or the handle goes. Unbounded, like `payloads`.
  public var snapshots: AsyncStream<SubscriptionSnapshot<Request.Data>> {
    stream(into: \.snapshotContinuations, startingWith: \.snapshot)
  }

  /// A stream registered in `continuations` until it ends (already finished when the
  /// subscription has), first yielding `first` of the state when given.
  private func stream<Element: Sendable>(
    into continuations: WritableKeyPath<SubscriptionHandleState<Request.Data>, [Int: AsyncStream<Element>.Continuation]> & Sendable,
    startingWith first: KeyPath<SubscriptionHandleState<Request.Data>, Element>? = nil
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let number = state.withLock { state -> Int? in
      if let first { continuation.yield(state[keyPath: first]) }
      guard !state.snapshot.isFinished else { return nil }
      let number = state.nextContinuation
      state.nextContinuation += 1
      state[keyPath: continuations][number] = continuation
      return number
    }
    guard let number else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0[keyPath: continuations].removeValue(forKey: number) }
    }
    return stream
  }

  // MARK: Driven by the environment

  func run(_ task: Task<Void, Never>) {
    self.task.withLock { $0 = task }
  }

  /// Applies a change to the snapshot, yields `payload` to the streams, and tells observers.
  ///
  /// Streams are finished after the lock is released: finishing runs a stream's
  /// `onTermination`, which takes the lock.
  func update(payload: Request.Data? = nil, _ change: (inout SubscriptionSnapshot<Request.Data>) -> Void) {
    withMutation(keyPath: \.snapshot) {
      let ended = state.withLock { state -> (payloads: [AsyncStream<Request.Data>.Continuation], snapshots: [AsyncStream<SubscriptionSnapshot<Request.Data>>.Continuation]) in
        change(&state.snapshot)
        if let payload { for continuation in state.continuations.values { continuation.yield(payload) } }
        for continuation in state.snapshotContinuations.values { continuation.yield(state.snapshot) }
        guard state.snapshot.isFinished else { return ([], []) }
        defer {
          state.continuations = [:]
          state.snapshotContinuations = [:]
        }
        return (Array(state.continuations.values), Array(state.snapshotContinuations.values))
      }
      for continuation in ended.payloads { continuation.finish() }
      for continuation in ended.snapshots { continuation.finish() }
    }
  }
}

/// A subscription handle's mutable state, behind its own lock.
struct SubscriptionHandleState<Data: Sendable> {
  var snapshot: SubscriptionSnapshot<Data>
  var continuations: [Int: AsyncStream<Data>.Continuation] = [:]
  var snapshotContinuations: [Int: AsyncStream<SubscriptionSnapshot<Data>>.Continuation] = [:]
  var nextContinuation = 0
}
