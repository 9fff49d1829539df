import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// Eviction through generated code against the loopback server: what the app evicts is read
/// as missing by the fragment that read it, and heals with one refetch.
@Suite(.serialized, .requires(.testServer)) struct EvictionEndToEndTests {
  static let shared = SharedServer()
  static let earth = RecordID("Location:1")

  /// Evicts with `evict` once Rick's origin is shown, and returns the log's missing events
  /// and heal refetches once the origin's dimension is back.
  static func evictAndHeal(_ evict: (GraphQLEnvironment) -> Void) async throws -> (missing: [LogEvent], refetches: Int) {
    let server = try await shared.fresh()
    let issues = RuntimeIssueRecorder()
    return try await RuntimeIssues.withHandler(issues.handler) {
      let environment = server.environment(heal: .default)
      let rick = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      #expect(try await rick.settledData().character?.originDetails.origin?.dimension == "Dimension C-137")

      evict(environment)
      let healed = try await rick.snapshots(until: { snapshot in
        snapshot.phase.data?.character?.originDetails.origin?.dimension == "Dimension C-137" && !snapshot.fetch.isInFlight
          && !snapshot.isStale
      })
      #expect(healed.contains { $0.phase.data?.character?.originDetails.origin?.dimension != "Dimension C-137" })
      #expect(try await server.requestCount(operationName: "RickOrigin") == 2)
      let events = environment.log.events
      return (events.filter { $0.kind == .missing }, events.filter { $0.kind == .healRefetch }.count)
    }
  }

  @Test func anEvictedFieldIsMissingInItsFragmentAndHeals() async throws {
    let (missing, refetches) = try await Self.evictAndHeal { $0.evict(field: "dimension", of: Self.earth) }
    #expect(missing.map(\.field) == ["dimension"])
    #expect(missing.first?.owner == .fragment("OriginDetails"))
    #expect(missing.first?.record == Self.earth)
    #expect(refetches == 1)
  }

  @Test func anEvictedRecordIsMissingWhereItWasLinkedAndHeals() async throws {
    let (missing, refetches) = try await Self.evictAndHeal { $0.evict(record: Self.earth) }
    #expect(missing.map(\.field) == ["origin"], "the link to the evicted record went with it")
    #expect(missing.first?.record == RecordID("Character:1"))
    #expect(refetches == 1)
  }
}
