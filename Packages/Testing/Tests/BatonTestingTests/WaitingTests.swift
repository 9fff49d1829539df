import BatonNormalizer
import BatonStore
import BatonTesting
import Testing

/// The waiting helpers return the snapshot they waited for, and fail with what the
/// handle showed instead of hanging.
struct WaitingTests {
  @Test func settledWaitsForTheFetchAndReturnsItsSnapshot() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock)
    transport.enqueue(.delayed(.seconds(1), .data(Rick.data)))
    let handle = GraphQLEnvironment(transport: transport, clock: clock).watch(Rick.query)
    try await eventually("the reply waits on the clock") { !clock.sleeperDeadlines.isEmpty }
    clock.advance(by: .seconds(1))
    let snapshot = try await handle.settled()
    #expect(snapshot.phase.data?.character?.name == "Rick Sanchez")
    #expect(snapshot.fetch == .idle)
  }

  @Test func waitForPhaseReturnsTheFirstSnapshotInIt() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.transportError("offline"))
    let handle = GraphQLEnvironment(transport: transport).watch(Rick.query)
    let failed = try await handle.waitFor(phase: .failed)
    #expect(failed.fetch.failure?.message == "offline")
  }

  @Test func aTimeOutSaysWhatTheHandleShowed() async throws {
    let handle = GraphQLEnvironment(transport: ScriptedTransport(unscripted: .never)).watch(Rick.query)
    do {
      try await handle.settled(within: .milliseconds(50))
      Issue.record("a fetch that never answers settled")
    } catch let timedOut as TimedOut {
      #expect(timedOut.description.hasPrefix("RickOriginName: no element satisfied the condition within"))
      #expect(timedOut.description.hasSuffix("now loading, fetch \(handle.fetch), fresh, 0 field errors"))
    }
  }

  @Test func eventuallyFailsNamingWhatItWaitedFor() async throws {
    do {
      try await eventually("the moon", within: .milliseconds(30)) { false }
      Issue.record("eventually returned for a condition that never holds")
    } catch let timedOut as TimedOut {
      #expect(timedOut.description.hasPrefix("the moon: not within"))
    }
  }

  @Test func waitingEndsALoopOverAStreamThatNeverYieldsAndSaysWhatItWaitedFor() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    defer { continuation.finish() }
    do {
      _ = try await waiting(for: "the first number", within: .milliseconds(50)) {
        for await number in stream { return number }
        return -1
      }
      Issue.record("waiting returned from a stream that never yields")
    } catch let timedOut as TimedOut {
      #expect(timedOut.description.hasPrefix("the first number: not within"))
    }
  }

  @Test func theManualClockWakesOnlyTheSleepersItReached() async throws {
    let clock = ManualClock()
    let start = clock.now
    let early = Task { try await clock.sleep(until: start.addingTimeInterval(10)) }
    let late = Task { try await clock.sleep(until: start.addingTimeInterval(20)) }
    try await eventually("both sleep") { clock.sleeperDeadlines.count == 2 }
    clock.advance(by: .seconds(10))
    try await early.value
    #expect(clock.sleeperDeadlines == [start.addingTimeInterval(20)])
    late.cancel()
    await #expect(throws: CancellationError.self) { try await late.value }
    #expect(clock.now == start.addingTimeInterval(10))
  }
}
