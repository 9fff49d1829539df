#if DEBUG
  import BatonNormalizer
  import BatonStore
  import Foundation

  /// A live environment as the inspector serves it: the store's records and operations
  /// under one lock, the log, and a feed of log events, fetches and store changes.
  package struct EnvironmentSource: InspectorSource {
    /// How often the feed looks for store changes the log does not tell of (fetches
    /// starting and settling, writes).
    static let pollInterval = Duration.milliseconds(200)

    let environment: GraphQLEnvironment

    package init(_ environment: GraphQLEnvironment) {
      self.environment = environment
    }

    package func inspection() -> Inspection {
      var inspection = Self.inspection(
        environment.inspection(), log: environment.log.timedEvents.map { InspectedEvent($0.event, at: $0.at) })
      inspection.budget = environment.budget
      return inspection
    }

    static func inspection(_ state: StoreInspection, log: [InspectedEvent]) -> Inspection {
      let operations = state.operations.map {
        InspectedOperation($0.image, staleAfter: $0.staleAfter, fetch: InspectedOperation.Fetch($0.fetch), holders: $0.holders)
      }
      return Inspection(
        source: "live", now: Date(), records: state.records, operations: operations, log: log, isLive: true,
        fieldAges: state.fieldAges)
    }

    package func feed() -> AsyncStream<InspectorFeedEvent> {
      let (stream, continuation) = AsyncStream.makeStream(of: InspectorFeedEvent.self, bufferingPolicy: .bufferingNewest(1_000))
      // Both taken before returning, so whatever happens after `feed()` returns is in it.
      let log = environment.log.stream()
      let first = environment.inspection()
      let logTask = Task {
        for await event in log { continuation.yield(.timeline(InspectedEvent(event, at: Date()))) }
      }
      let pollTask = Task { [environment] in
        var last = first
        while !Task.isCancelled {
          try? await Task.sleep(for: Self.pollInterval)
          let now = environment.inspection()
          guard now != last else { continue }
          for event in Self.fetchEvents(from: last, to: now) { continuation.yield(.timeline(event)) }
          continuation.yield(.storeChanged(records: now.records.count, operations: now.operations.count))
          last = now
        }
      }
      continuation.onTermination = { _ in
        logTask.cancel()
        pollTask.cancel()
      }
      return stream
    }

    /// The fetches that started, succeeded or failed between two looks at the store.
    static func fetchEvents(from before: StoreInspection, to after: StoreInspection) -> [InspectedEvent] {
      let earlier = Dictionary(before.operations.map { ($0.image.key, $0) }, uniquingKeysWith: { _, last in last })
      var events: [InspectedEvent] = []
      for operation in after.operations {
        let previous = earlier[operation.image.key]
        let name = operation.image.name
        let owner = "operation \(name)"
        if let fetchedAt = operation.image.fetchedAt, fetchedAt != previous?.image.fetchedAt {
          events.append(InspectedEvent(category: "fetch", message: "fetched \(name)", at: fetchedAt, owner: owner))
        }
        guard operation.fetch != previous?.fetch else { continue }
        switch operation.fetch {
        case .idle: break
        case .inFlight(let since):
          events.append(InspectedEvent(category: "fetch", message: "fetching \(name)", at: since, owner: owner))
        case .retrying(let attempt, let next):
          events.append(InspectedEvent(category: "fetch", message: "\(name) retries (attempt \(attempt))", at: next, owner: owner))
        case .reconnecting(let since, let attempt):
          events.append(InspectedEvent(category: "fetch", message: "\(name) reconnects (attempt \(attempt))", at: since, owner: owner))
        case .failed(let failure):
          events.append(
            InspectedEvent(category: "fetchFailed", message: "\(name) failed: \(failure)", at: failure.at, owner: owner))
        }
      }
      return events
    }
  }
#endif
