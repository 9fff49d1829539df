import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Foundation
import Observation
import Testing

/// Where handles tell their observers: on the writing thread by default, on the main actor
/// with `deliver: .mainActor`, seen through `withObservationTracking`.
struct DeliveryTests {
  static let query = EndToEnd.RickOriginNameQuery(id: "1")
  static let data: JSONValue = [
    "character": [
      "__typename": "Character", "id": "1", "name": "Rick Sanchez",
      "origin": ["__typename": "Location", "id": "1", "name": "Earth (C-137)"],
    ]
  ]

  /// Marks the main queue, which runs the main actor's jobs. Not `Thread.isMainThread`:
  /// on Linux the main queue is drained by another thread once `dispatchMain()` runs.
  static let mainQueue = DispatchSpecificKey<Bool>()

  /// Whether the code calling it runs on the main actor's queue.
  static var isOnMainActor: Bool {
    DispatchQueue.main.setSpecific(key: mainQueue, value: true)
    return DispatchQueue.getSpecific(key: mainQueue) == true
  }

  /// Whether the `onChange` of an observation of `handle`'s snapshot ran on the main actor,
  /// for the change that `change` brings about once the observation is installed.
  static func observedOnMainActor(
    _ handle: OperationHandle<EndToEnd.RickOriginNameQuery>, after change: @Sendable () throws -> Void
  ) async throws -> Bool {
    DispatchQueue.main.setSpecific(key: mainQueue, value: true)
    let (told, continuation) = AsyncStream.makeStream(of: Bool.self)
    withObservationTracking {
      _ = handle.snapshot
    } onChange: {
      continuation.yield(DispatchQueue.getSpecific(key: mainQueue) == true)
      continuation.finish()
    }
    try change()
    return try await waiting(for: "the observation's change") {
      for await onMainActor in told { return onMainActor }
      return false
    }
  }

  @Test func aFetchOffTheMainActorIsToldOnTheMainActor() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock)
    transport.enqueue(.delayed(.seconds(1), .data(Self.data)))
    let environment = GraphQLEnvironment(transport: transport, clock: clock, deliver: .mainActor)
    let handle = environment.watch(Self.query)
    try await eventually("the fetch waits on the clock") { !clock.sleeperDeadlines.isEmpty }
    let onMain = try await Self.observedOnMainActor(handle) { clock.advance(by: .seconds(1)) }
    #expect(onMain)
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
  }

  @Test func byDefaultAFetchIsToldOnItsOwnThread() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock)
    transport.enqueue(.delayed(.seconds(1), .data(Self.data)))
    let environment = GraphQLEnvironment(transport: transport, clock: clock)
    #expect(environment.delivery == .writingThread)
    let handle = environment.watch(Self.query)
    try await eventually("the fetch waits on the clock") { !clock.sleeperDeadlines.isEmpty }
    let onMain = try await Self.observedOnMainActor(handle) { clock.advance(by: .seconds(1)) }
    #expect(!onMain)
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
  }

  @MainActor @Test func aWriteOnTheMainActorIsToldThere() async throws {
    #expect(Self.isOnMainActor)
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.data))
    let environment = GraphQLEnvironment(transport: transport, deliver: .mainActor)
    let handle = environment.watch(Self.query)
    try await handle.settled()
    let onMain = try await Self.observedOnMainActor(handle) {
      try environment.commitPayload(Self.query, ["character": ["__typename": "Character", "id": "1", "name": "Rick C-137"]])
    }
    #expect(onMain)
    #expect(handle.phase.data?.character?.name == "Rick C-137")
  }

  @Test func snapshotStreamsFollowMainActorDelivery() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.data))
    let environment = GraphQLEnvironment(transport: transport, deliver: .mainActor)
    let handle = environment.watch(Self.query)
    let data = try await handle.settledData()
    #expect(data.character?.origin?.name == "Earth (C-137)")
    #expect(transport.requests.map(\.operationName) == ["RickOriginName"])
  }
}
