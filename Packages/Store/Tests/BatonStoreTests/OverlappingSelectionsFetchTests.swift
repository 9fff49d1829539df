import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import StoreTestOperations
import Testing

/// An operation and its spread fragment select the same list: after one fetch from the
/// server, both read every field, with nothing missing and nothing to heal.
@Suite(.serialized, .taped) struct OverlappingSelectionsFetchTests {
  static let shared = SharedServer()

  @Test func bothSelectionsReadAfterOneFetch() async throws {
    let server = try await Self.shared.fresh()
    let heal = RecordingHealPolicy(refetches: true)
    let environment = server.environment(heal: heal)
    let handle = environment.watch(StoreTests.EpisodesOverlapQuery(id: "1"))
    let character = try #require(try await handle.settledData().character)
    let names = character.episodes.map(\.name)
    let codes = character.episodeCodes.episodes.map(\.code)
    #expect(!names.isEmpty && names.count == codes.count)
    #expect(!names.contains(""))
    #expect(codes.first == "S01E01")
    #expect(!codes.contains(""))
    #expect(!environment.log.events.contains { $0.kind == .missing || $0.kind == .healRefetch })
    #expect(heal.requests.isEmpty)
    #expect(handle.isStale == false)
    #expect(try await server.requestCount(operationName: "EpisodesOverlap") == 1)
  }
}
