import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import TestPrerequisites
import Testing

/// An operation and its spread fragment select the same list, only the operation with the
/// key: after one fetch from the server, both read every field, with nothing missing and
/// nothing to heal.
@Suite(.serialized, .requires(.testServer)) struct OverlappingSelectionsFetchTests {
  static let shared = SharedServer()

  @Test func bothSelectionsReadAfterOneFetch() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: true)
    let environment = server.environment(heal: heal)
    let handle = environment.watch(EpisodesOverlapQuery(id: "1"))
    let data = try await handle.settledData()
    #expect(!data.names.isEmpty && data.names.count == data.codes.count)
    #expect(!data.names.contains { $0 == nil || $0 == "" })
    #expect(data.codes.first == "S01E01")
    #expect(!data.codes.contains { $0 == nil || $0 == "" })
    #expect(!environment.log.events.contains { $0.kind == .missing || $0.kind == .healRefetch })
    #expect(heal.requests.isEmpty)
    #expect(handle.isStale == false)
    #expect(try await server.requestCount(operationName: "EpisodesOverlap") == 1)
  }
}
