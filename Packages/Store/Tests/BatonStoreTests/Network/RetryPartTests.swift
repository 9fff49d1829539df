import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import BatonTransport
import Foundation
import StoreTestOperations
import Testing

/// `RetryPart` against the loopback server's 503s, 429s and dropped connections, waiting
/// on a clock the test moves.
@Suite(.serialized, .taped) struct RetryPartTests {
  static let shared = SharedServer()

  @Test(arguments: [503, 429])
  func retryAfterIsHonouredAndTheRetryingStateShownOverTheData(status: Int) async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(parts: [RetryPart()], clock: clock)
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    try await server.control([
      "command": "respond", "status": .number(String(status)), "headers": ["Retry-After": "7"], "body": "busy",
      "contentType": "text/plain", "count": 1,
    ])
    let start = clock.now
    let refetch = Task { await handle.refetch() }
    let waiting = try await handle.snapshots(until: { if case .retrying = $0.fetch { true } else { false } }).last
    #expect(waiting?.fetch == .retrying(attempt: 2, next: start.addingTimeInterval(7)))
    #expect(waiting?.phase.data?.character?.name == "Rick Sanchez", "the data stays while the fetch waits")
    #expect(waiting?.isRefreshing == true)
    #expect(try await server.requests()["total"]?.intValue == 2, "no retry before the clock moves")
    clock.advance(by: .seconds(6.5))
    try await Task.sleep(for: .milliseconds(100))
    #expect(try await server.requests()["total"]?.intValue == 2, "no retry before Retry-After has passed")
    clock.advance(by: .seconds(0.5))
    await refetch.value
    #expect(handle.fetch == .idle)
    #expect(try await server.requests()["total"]?.intValue == 3)
  }

  @Test func waitsGrowExponentiallyWithoutJitter() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let retry = RetryPart(maximumAttempts: 4, initialDelay: .seconds(1), jitter: 0)
    let environment = server.environment(parts: [retry], clock: clock)
    try await server.control(["command": "drop", "when": "beforeResponse", "count": 2])
    let handle = environment.watch(CharacterDetail(id: "1"))
    for (attempt, wait) in [(2, 1.0), (3, 2.0)] {
      let before = clock.now
      let seen = try await handle.snapshots(until: { $0.fetch == .retrying(attempt: attempt, next: before.addingTimeInterval(wait)) })
      #expect(seen.last?.phase.isLoading == true)
      clock.advance(by: .seconds(wait))
    }
    let data = try await handle.settledData()
    #expect(data.character?.name == "Rick Sanchez")
    #expect(try await server.requests()["total"]?.intValue == 3)
  }

  @Test func afterTheLastAttemptTheFailureStands() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [RetryPart(maximumAttempts: 2)])
    try await server.control(["command": "respond", "status": 503, "headers": ["Retry-After": "0"], "count": 5])
    let failure = try await environment.watch(CharacterDetail(id: "1")).fetchFailure()
    #expect(failure.kind == .http(status: 503))
    #expect(try await server.requests()["total"]?.intValue == 2)
  }

  @Test func aRetryAfterLongerThanTheLongestWaitIsNotWaitedFor() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [RetryPart(maximumDelay: .seconds(30))])
    try await server.control(["command": "respond", "status": 429, "headers": ["Retry-After": "3600"], "count": 1])
    let failure = try await environment.watch(CharacterDetail(id: "1")).fetchFailure()
    #expect(failure.kind == .http(status: 429))
    #expect(try await server.requests()["total"]?.intValue == 1)
  }

  @Test func graphQLErrorsAndMalformedRepliesAreNotRetried() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(parts: [RetryPart()])
    try await server.control(["command": "malformed", "kind": "notJSON", "count": 1])
    #expect(try await environment.watch(CharacterDetail(id: "1")).fetchFailure().kind == .malformed)
    #expect(try await server.requests()["total"]?.intValue == 1)
  }

  @Test func aMutationIsNotRetriedUnlessItOptsIn() async throws {
    let server = try await Self.shared.fresh()
    let fault: JSONValue = ["command": "respond", "status": 503, "headers": ["Retry-After": "0"], "count": 1]
    try await server.control(fault)
    let environment = server.environment(parts: [RetryPart()])
    await #expect(throws: OperationError.self) { try await environment.mutate(StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")) }
    #expect(try await server.requests()["total"]?.intValue == 1)

    try await server.control(fault)
    let optedIn = server.environment(parts: [RetryPart(retriesMutations: true)])
    let data = try await optedIn.mutate(StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick"))
    #expect(data.updateCharacterName?.name == "Pickle Rick")
    #expect(try await server.requests()["total"]?.intValue == 3)
  }
}
