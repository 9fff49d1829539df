import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// A server that moves Rick's origin on every fetch (control `retargetOnFetch`): healing
/// must not loop. Proven by counting requests at the server.
@Suite(.serialized, .requires(.testServer)) struct LoopSafetyTests {
  static let shared = SharedServer()

  /// Every fetch of B moves the origin to a location A has not seen: each costs at most one
  /// heal refetch of A, and nothing more happens once B stops.
  @Test func eachFetchCostsAtMostOneHealRefetch() async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) { try await Self.fetchBFourTimes(server, issues) }
  }

  static func fetchBFourTimes(_ server: TestServer, _ issues: RuntimeIssueRecorder) async throws {
    try await server.control(["command": "retargetOnFetch", "target": "Character:1.origin"])
    let environment = server.environment(heal: .default)
    let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await a.settledData()
    let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
    try await b.settledData()
    for _ in 0..<3 {
      await b.refetch()
    }
    #expect(try await Self.quiesce(server))

    let fetchesOfB = try await server.requestCount(operationName: "RickOriginID")
    let fetchesOfA = try await server.requestCount(operationName: "RickOrigin")
    #expect(fetchesOfB == 4)
    #expect(fetchesOfA - 1 <= fetchesOfB)
    let heals = environment.log.events.filter { $0.kind == .healRefetch }.count
    #expect(heals == fetchesOfA - 1)
    #expect(issues.messages.filter { $0.hasSuffix("is refetched once.") }.count == 2 * heals)
    #expect(OriginView(a.snapshot).name != "")
  }

  /// Two readers of the origin with different fields: each one's heal refetch moves the
  /// origin and leaves the other's fields missing. One fetch of B must not start an
  /// endless exchange of heals between them.
  @Test func twoReadersDoNotHealEachOtherForever() async throws {
    let server = try await Self.shared.fresh()
    try await RuntimeIssues.withHandler({ _ in }) { try await Self.fetchBOnceWithTwoReaders(server) }
  }

  static func fetchBOnceWithTwoReaders(_ server: TestServer) async throws {
    try await server.control(["command": "retargetOnFetch", "target": "Character:1.origin"])
    let environment = server.environment(heal: .default)
    let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await a.settledData()
    let c = environment.watch(EndToEnd.RickOriginTypeQuery(id: "1"))
    try await c.settledData()
    let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
    try await b.settledData()
    let settled = try await Self.quiesce(server)

    let total = try await server.requests()["total"]?.intValue ?? 0
    let heals = environment.log.events.filter { $0.kind == .healRefetch }.count
    #expect(settled)
    // A's first fetch heals nobody, C's heals at most A, B's at most A and C; heals heal nobody.
    #expect(heals <= 3)
    #expect(total == 3 + heals)
    withExtendedLifetime((a, b, c)) {}
  }

  /// Waits until the server's request count stops moving for half a second; `false` when
  /// it still moves after `seconds`.
  static func quiesce(_ server: TestServer, within seconds: Double = 10) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var last = -1
    while ContinuousClock.now < deadline {
      let total = try await server.requests()["total"]?.intValue ?? 0
      if total == last { return true }
      last = total
      try await Task.sleep(for: .milliseconds(500))
    }
    return false
  }
}
