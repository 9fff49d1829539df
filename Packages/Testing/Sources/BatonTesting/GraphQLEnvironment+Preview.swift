@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

extension GraphQLEnvironment {
  /// A handle on `request` in `state`, from an environment of its own that never touches
  /// the network: for an Xcode Preview of each state a screen shows, and for tests of a
  /// view model. The handle is in `state` when this returns.
  ///
  /// ```swift
  /// #Preview("Refresh failed") {
  ///   CharacterView(handle: GraphQLEnvironment.preview(CharacterQuery(id: "1"), .refreshFailed(rick, .http(status: 500))))
  /// }
  /// ```
  ///
  /// The environment's transport answers nothing: a fetch the handle starts (`refetch()`,
  /// a heal) stays in flight. Its clock stands still, so `isStale` does not change.
  ///
  /// - Parameters:
  ///   - staleAfter: the environment's `staleAfter`; `.staleByAge` data was fetched twice
  ///     that long ago.
  ///   - deliver: where the handle tells its observers; the main actor, for a view.
  public static func preview<Request: GraphQLOperation>(
    _ request: Request, _ state: PreviewState, staleAfter: Duration = .seconds(300),
    deliver: Delivery = .mainActor
  ) -> OperationHandle<Request> {
    let clock = ManualClock(Date())
    let now = clock.now
    let seed = PreviewSeed(request, state, now: now, staleAfter: staleAfter)
    let environment = GraphQLEnvironment(
      transport: ScriptedTransport(clock: clock, unscripted: .never), persistence: PreviewPersistence(image: seed.image),
      heal: seed.heals ? RecordingHealPolicy(refetches: true) : NeverHealPolicy(), staleAfter: staleAfter, clock: clock,
      deliver: deliver)
    let handle = environment.watch(request, policy: seed.policy)
    if let failure = seed.failure {
      environment.recordFailedFetch(FetchFailure(failure.kind, at: now, message: failure.message), of: handle)
    }
    return handle
  }
}

/// What a preview environment starts from: the image it loads, the policy its handle
/// watches with, and the failed fetch to record.
struct PreviewSeed {
  var image = StoreImage()
  var policy = FetchPolicy.storeOnly
  var failure: (kind: FetchFailure.Kind, message: String)?
  var heals = false

  init<Request: GraphQLOperation>(_ request: Request, _ state: PreviewState, now: Date, staleAfter: Duration) {
    let age = TimeInterval(staleAfter.components.seconds) * 2 + 1
    switch state {
    case .loading:
      policy = .storeOrNetwork
    case .ready(let response):
      policy = .storeOrNetwork
      seed(request, response, fetchedAt: now)
    case .refreshing(let response):
      policy = .storeAndNetwork
      seed(request, response, fetchedAt: now)
    case .refreshFailed(let response, let kind):
      seed(request, response, fetchedAt: now)
      failure = failure ?? (kind, Self.message(kind))
    case .staleByAge(let response):
      seed(request, response, fetchedAt: now.addingTimeInterval(-age))
    case .staleByMark(let response):
      seed(request, response, fetchedAt: now, markedStale: true)
    case .healing(let data):
      policy = .storeOrNetwork
      heals = true
      do {
        let records = try normalize(
          payload: data, selections: Request.operation.selections, variables: request.variables, isPartial: true)
        image = StoreImage(records: records, operations: [Self.operation(request, fetchedAt: now)])
      } catch {
        failure = (.malformed, "the preview's data is not the operation's: \(error)")
      }
    case .failed(let kind):
      failure = (kind, Self.message(kind))
    }
  }

  private mutating func seed<Request: GraphQLOperation>(
    _ request: Request, _ response: PreviewResponse, fetchedAt: Date, markedStale: Bool = false
  ) {
    do {
      let payload = try normalize(response: response.body, for: Request.operation, variables: request.variables)
      var operation = Self.operation(request, fetchedAt: fetchedAt)
      operation.isMarkedStale = markedStale
      operation.operationErrors = payload.operationErrors
      image = StoreImage(records: payload.records, operations: [operation])
    } catch {
      // Shown, not hidden: the handle fails with what is wrong with the preview's data.
      failure = (.malformed, "the preview's response is not one for \(Request.operation.name): \(error)")
    }
  }

  private static func operation<Request: GraphQLOperation>(_ request: Request, fetchedAt: Date) -> OperationImage {
    OperationImage(
      operationID: Request.operationID, name: Request.operation.name, variables: request.variables, fetchedAt: fetchedAt)
  }

  private static func message(_ kind: FetchFailure.Kind) -> String {
    switch kind {
    case .transport: "The network connection was lost."
    case .http(let status): "The server answered HTTP \(status)."
    case .malformed: "The server's answer was not a GraphQL response."
    case .graphQL(let errors): errors.map(\.message).joined(separator: "; ")
    }
  }
}

/// The image a preview environment loads, and nowhere to save: a preview's writes last as
/// long as its environment.
struct PreviewPersistence: Persistence {
  let image: StoreImage

  func load() throws -> StoreImage? { image }
  func save(_ image: StoreImage) throws {}
  func flush() {}
}
