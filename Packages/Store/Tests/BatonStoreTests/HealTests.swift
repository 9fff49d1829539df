import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import Testing

/// ARCHITECTURE.md §6: another operation retargets a link to a record fetched with fewer fields.
@Suite(.serialized, .taped) struct HealTests {
  static let shared = SharedServer()

  @Test func missingDataIsLoggedMarkedStaleAndHealedOnce() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: true)
    let environment = server.environment(heal: heal)
    let origin = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    #expect(try await origin.settledData().character?.originDetails.origin?.name == "Earth (C-137)")
    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    let retarget = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
    try await retarget.settledData()

    let events = environment.log.events
    let missing = try #require(events.first { $0.kind == .missing })
    #expect(missing.owner == .fragment("OriginDetails") && missing.record == "Location:20" && missing.field == "name")
    let healed = try #require(events.first { $0.kind == .healRefetch })
    #expect(healed.owner == .operation("RickOrigin") && healed.record == "Location:20")
    #expect(heal.requests.first?.operationName == "RickOrigin")
    let final = try await origin.snapshots(until: { $0.phase.data?.character?.originDetails.origin?.name == "Earth (Replacement Dimension)" && $0.fetch == .idle })
    #expect(final.last?.isStale == false)
    #expect(try await server.requestCount(operationName: "RickOrigin") == 2)
  }

  /// No policy: the environment heals as `BatonHeal`'s `.default` does, refetching once, and
  /// raises the runtime issues itself, at the declaration of the fragment that read the
  /// missing fields.
  @Test func withoutAPolicyMissingDataRefetchesOnce() async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    let environment = server.environment()
    let origin = try await RuntimeIssues.withHandler(issues.handler) {
      let origin = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      try await origin.settledData()
      try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
      try await environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly).settledData()
      return origin
    }
    let healed = try await origin.snapshots(until: {
      $0.phase.data?.character?.originDetails.origin?.name == "Earth (Replacement Dimension)" && $0.fetch == .idle
    })
    #expect(healed.last?.isStale == false)
    #expect(issues.messages == ["name", "dimension"].map {
      "missing data: fragment OriginDetails read field \"\($0)\" of record Location:20, which is not in the store; "
        + "operation RickOrigin is stale and is refetched once."
    })
    #expect(issues.issues.allSatisfy { $0.fileID == "EndToEndOperations/EndToEnd.OriginDetails.swift" })
    #expect(environment.log.events.filter { $0.kind == .healRefetch }.count == 1)
    #expect(try await server.requestCount(operationName: "RickOrigin") == 2)
  }

  /// A holder that never uses the network: its miss still marks the operation stale, and
  /// the log and the policy say why nothing is refetched.
  @Test func aStoreOnlyMissIsStaleAndSaysWhyItIsNotHealed() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: true)
    let environment = server.environment(heal: heal)
    var fetching: OperationHandle<EndToEnd.RickOriginQuery>? = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await fetching?.settledData()
    let origin = environment.watch(EndToEnd.RickOriginQuery(id: "1"), policy: .storeOnly)
    fetching = nil
    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    try await environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly).settledData()

    let reason = "no holder of the operation allows the network"
    #expect(origin.phase.data?.character?.originDetails.origin?.name == "")
    #expect(origin.isStale)
    #expect(heal.requests.isEmpty)
    #expect(heal.skipReasons == [reason])
    let skipped = try #require(environment.log.events.first { $0.kind == .healSkipped(reason) })
    #expect(skipped.owner == .operation("RickOrigin") && skipped.record == "Location:20" && skipped.field == "name")
    #expect(!environment.log.events.contains { $0.kind == .healRefetch })
    #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
  }

  /// A policy that declines is logged as such.
  @Test func aDeclinedHealIsLogged() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: false)
    let environment = server.environment(heal: heal)
    let origin = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await origin.settledData()
    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    try await environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly).settledData()
    #expect(heal.requests.count == 1 && heal.skipReasons.isEmpty)
    #expect(environment.log.events.contains { $0.kind == .healSkipped("the heal policy declined") && $0.owner == .operation("RickOrigin") })
    #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
  }
}
