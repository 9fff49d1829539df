import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// ARCHITECTURE.md §6 end to end, through generated code against the loopback server: query A reads
/// Rick's origin `{ name dimension }` through the fragment `OriginDetails`; the server
/// moves the origin to `Location:20`, which A never saw; query B fetches only its `id`.
@Suite(.serialized, .requires(.testServer)) struct RickSanchezTests {
  static let shared = SharedServer()
  static let newOrigin = "Location:20"

  @Test func aShowsTheZeroValueOnceThenHealsWithOneRefetch() async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) {
      let environment = server.environment(heal: .default)
      let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      let first = try await a.settledData()
      #expect(first.character?.originDetails.origin?.name == "Earth (C-137)")
      let views = a.snapshots

      try await server.retargetRicksOrigin(to: Self.newOrigin)
      let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
      #expect(try await b.settledData().character?.origin?.id == "20")

      let shown = try await views.prefix(through: { snapshot in
        let view = OriginView(snapshot)
        return view.name == "Earth (Replacement Dimension)" && !view.isFetching
      }).map(OriginView.init)
      #expect(shown.distinctNames == ["Earth (C-137)", "", "Earth (Replacement Dimension)"])
      let blank = try #require(shown.first { $0.name == "" })
      #expect(blank.dimension == nil && blank.isStale)
      let healed = try #require(shown.last)
      #expect(healed.dimension == "Replacement Dimension" && !healed.isStale)
      #expect(!a.isStale)

      let events = environment.log.events
      let missingName = events.filter { $0.kind == .missing && $0.field == "name" }
      #expect(missingName.count == 1)
      #expect(missingName.first?.owner == .fragment("OriginDetails"))
      #expect(missingName.first?.record == RecordID(Self.newOrigin))
      let refetches = events.filter { $0.kind == .healRefetch }
      #expect(refetches.count == 1)
      #expect(refetches.first?.owner == .operation("RickOrigin"))
      #expect(try await server.requestCount(operationName: "RickOrigin") == 2)
      #expect(try await server.requestCount(operationName: "RickOriginID") == 1)
    }
    #expect(issues.messages == ["name", "dimension"].map {
      "missing data: fragment OriginDetails read field \"\($0)\" of record \(Self.newOrigin), which is not in the store; "
        + "operation RickOrigin is stale and is refetched once."
    })
    let declaration = try GeneratedDeclaration.fragment("OriginDetails")
    #expect(issues.issues.map { GeneratedDeclaration(fileID: $0.fileID, line: $0.line) } == [declaration, declaration])
    #expect(issues.issues.first?.description.hasPrefix("EndToEndOperations/EndToEnd.OriginDetails.swift:") == true)
  }

  /// The environment raises the issues, so every policy that declines gets them: a shipped
  /// one, or one that reports nothing itself. (With none set, the environment heals as
  /// `.default` does; `HealTests` covers that.)
  @Test(arguments: [false, true])
  func anEnvironmentReportsMissingDataWhateverItsPolicy(recording: Bool) async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    let heal = RecordingHealPolicy(refetches: false)
    try await RuntimeIssues.withHandler(issues.handler) {
      let environment = server.environment(heal: recording ? heal : NeverHealPolicy())
      let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      try await a.settledData()
      try await server.retargetRicksOrigin(to: Self.newOrigin)
      let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
      try await b.settledData()
      try await eventually("A's blank") { OriginView(a.snapshot).name == "" && issues.issues.count == 2 }
    }
    #expect(issues.messages == ["name", "dimension"].map {
      "missing data: fragment OriginDetails read field \"\($0)\" of record \(Self.newOrigin), which is not in the store; "
        + "operation RickOrigin is stale and is not refetched: the heal policy declined."
    })
    let declaration = try GeneratedDeclaration.fragment("OriginDetails")
    #expect(issues.issues.allSatisfy { $0.fileID == declaration.fileID && $0.line == declaration.line })
    #expect(heal.requests.count == (recording ? 1 : 0))
  }

  /// A holder that never goes to the network: the read is blank and stale, the miss is
  /// logged, and nothing is refetched.
  @Test func aStoreOnlyHolderIsLoggedAndStaleButNotRefetched() async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) {
      let environment = server.environment(heal: .default)
      var fetching: OperationHandle<EndToEnd.RickOriginQuery>? = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      try await fetching?.settledData()
      let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"), policy: .storeOnly)
      fetching = nil
      #expect(OriginView(a.snapshot).name == "Earth (C-137)")

      try await server.retargetRicksOrigin(to: Self.newOrigin)
      let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
      try await b.settledData()
      try await eventually("A's blank") { OriginView(a.snapshot).name == "" }
      // Long enough for a refetch the store wrongly started to reach the server.
      try await Task.sleep(for: .milliseconds(300))

      #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
      let events = environment.log.events
      #expect(events.filter { $0.kind == .missing && $0.field == "name" }.map(\.owner) == [.fragment("OriginDetails")])
      #expect(!events.contains { $0.kind == .healRefetch })
      #expect(a.isStale)
      #expect(events.contains { "\($0)".hasPrefix("healSkipped: no holder of the operation allows the network") })
    }
    #expect(issues.messages == ["name", "dimension"].map {
      "missing data: fragment OriginDetails read field \"\($0)\" of record \(Self.newOrigin), which is not in the store; "
        + "operation RickOrigin is stale and is not refetched: no holder of the operation allows the network."
    })
  }
}
