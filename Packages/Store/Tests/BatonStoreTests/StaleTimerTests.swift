import BatonNormalizer
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import Observation
import Testing
@testable import BatonStore

/// Turning stale by age is a change handles are told about: at the deadline, on the
/// environment's clock, each handle gets one stale snapshot. The clock here moves by hand
/// and wakes the store's sleepers when it passes their deadline.
@Suite(.serialized, .taped) struct StaleTimerTests {
  static let shared = SharedServer()

  /// Rick's operation fetched with `staleAfter` 60 s on a hand-moved clock, once the
  /// store sleeps until its first deadline.
  static func settledWithAWakeUp() async throws -> (
    handle: OperationHandle<CharacterDetail>, clock: ManualClock, first: Date
  ) {
    let server = try await shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(staleAfter: .seconds(60), clock: clock)
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    let first = clock.now.addingTimeInterval(60)
    try await eventually("a wake-up at the first deadline") { clock.sleeperDeadlines == [first] }
    return (handle, clock, first)
  }

  @Test func snapshotsYieldTheFlipAtTheDeadlineOnceAndARefetchSetsTheNext() async throws {
    let (handle, clock, first) = try await Self.settledWithAWakeUp()
    let snapshots = handle.snapshots

    clock.advance(by: .seconds(59))
    #expect(clock.sleeperDeadlines == [first])
    #expect(!handle.snapshot.isStale && !handle.isStale)
    clock.advance(by: .seconds(1))
    let flip = try await snapshots.prefix(through: { $0.isStale })
    #expect(flip.map(\.isStale) == [false, true])
    #expect(flip.last?.phase.data == flip.first?.phase.data && flip.last?.fetch == .idle)
    #expect(handle.snapshot.isStale && handle.isStale)
    #expect(clock.sleeperDeadlines.isEmpty)

    await handle.refetch()
    let refreshed = try await snapshots.prefix(through: { !$0.isStale && $0.fetch == .idle })
    // Straight from the flip to the refetch: the deadline was announced once.
    #expect(refreshed.map(\.isStale) == [true, false])
    #expect(refreshed.first?.fetch.isInFlight == true)
    let second = clock.now.addingTimeInterval(60)
    try await eventually("a wake-up at the second deadline") { clock.sleeperDeadlines == [second] }
    clock.advance(by: .seconds(59))
    #expect(!handle.snapshot.isStale)
    clock.advance(by: .seconds(2))
    let again = try await snapshots.prefix(through: { $0.isStale })
    #expect(again.map(\.isStale) == [true])
  }

  @Test func theSystemClockWakesInRealTime() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(staleAfter: .milliseconds(200))
    let watched = Date()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    let flip = try await handle.snapshots(until: { $0.isStale }, within: .seconds(5))
    // Fetched after `watched`, so stale no sooner than 200 ms after it.
    #expect(Date().timeIntervalSince(watched) >= 0.2)
    #expect(flip.last?.phase.data != nil && flip.last?.fetch == .idle)
  }

  @Test func aFetchBeforeTheDeadlineMovesTheWakeUp() async throws {
    let (handle, clock, _) = try await Self.settledWithAWakeUp()
    clock.advance(by: .seconds(30))
    await handle.refetch()
    let moved = clock.now.addingTimeInterval(60)
    try await eventually("the wake-up moved") { clock.sleeperDeadlines == [moved] }
    let snapshots = handle.snapshots
    clock.advance(by: .seconds(31))
    #expect(!handle.isStale && !handle.snapshot.isStale)
    clock.advance(by: .seconds(29))
    let flip = try await snapshots.prefix(through: { $0.isStale })
    #expect(flip.map(\.isStale) == [false, true])
  }

  @Test func everyHandleOfTheOperationFlipsAndObservationHearsOfIt() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(staleAfter: .seconds(60), clock: clock)
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    let cached = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    try await eventually("one wake-up for the operation") { clock.sleeperDeadlines.count == 1 }
    let changed = Flag()
    withObservationTracking {
      _ = handle.isStale
    } onChange: {
      changed.set()
    }
    let cachedSnapshots = cached.snapshots
    clock.advance(by: .seconds(59))
    #expect(!changed.isSet)
    clock.advance(by: .seconds(1))
    try await eventually("observers told of the flip") { changed.isSet }
    #expect(handle.isStale)
    let flip = try await cachedSnapshots.prefix(through: { $0.isStale })
    #expect(flip.map(\.isStale) == [false, true])
  }

  @Test func aDroppedHandleGoesWithItsWakeUpPending() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    struct Dropped: Sendable {
      weak let handle: OperationHandle<CharacterDetail>?
      weak let environment: GraphQLEnvironment?
    }
    let dropped: Dropped
    do {
      let environment = server.environment(staleAfter: .seconds(60), clock: clock)
      let handle = environment.watch(CharacterDetail(id: "1"))
      try await handle.settledData()
      try await eventually("a wake-up pending") { clock.sleeperDeadlines.count == 1 }
      dropped = Dropped(handle: handle, environment: environment)
    }
    // The clock never reaches the deadline: only the wake-up's cancellation frees them.
    try await eventually("the handle and the environment released") {
      dropped.handle == nil && dropped.environment == nil
    }
    #expect(clock.sleeperDeadlines.isEmpty)
  }

  @Test func aPersistedOperationWakesAtItsDeadlineAfterARelaunch() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let persistence = MemoryPersistence()
    let deadline: Date
    do {
      let environment = server.environment(staleAfter: .seconds(60), clock: clock, persistence: persistence)
      let handle = environment.watch(CharacterDetail(id: "1"))
      try await handle.settledData()
      deadline = clock.now.addingTimeInterval(60)
    }
    let image = try #require(persistence.image)
    try await eventually("the first launch's wake-up cancelled") { clock.sleeperDeadlines.isEmpty }
    clock.advance(by: .seconds(30))

    let relaunched = server.environment(staleAfter: .seconds(60), clock: clock, persistence: MemoryPersistence(image))
    let cached = relaunched.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(cached.phase.data != nil && !cached.isStale)
    try await eventually("a wake-up at the image's deadline") { clock.sleeperDeadlines == [deadline] }
    let snapshots = cached.snapshots
    clock.advance(by: .seconds(30))
    let flip = try await snapshots.prefix(through: { $0.isStale })
    #expect(flip.map(\.isStale) == [false, true])

    // Watched after its deadline: stale from the start, with nothing to wake for.
    let late = server.environment(staleAfter: .seconds(60), clock: clock, persistence: MemoryPersistence(image))
    let stale = late.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(stale.snapshot.isStale && stale.isStale)
    #expect(late.state.withLock { $0.operations[stale.key]?.staleTimer } == nil)
  }
}
