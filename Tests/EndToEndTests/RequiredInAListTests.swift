import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import TestPrerequisites
import Testing

/// `@required(action: LOG)` inside a list, through the loopback server: a cast member whose
/// `type` is null is a nil item of `[Characters?]`, logged once per read, and the episode
/// and the other members are there.
@Suite(.serialized, .requires(.testServer)) struct RequiredInAListTests {
  static let shared = SharedServer()

  @Test func aMemberWithoutItsTypeIsANilItemAndTheRestStays() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(EndToEnd.EpisodeCastQuery(id: "1"))
    let data = try await handle.settledData()
    let episode = try #require(data.episode)
    #expect(episode.name == "Pilot")
    let cast: [EndToEnd.EpisodeCastQuery.Data.Episode.Character?] = Array(episode.characters)
    #expect(cast.map { $0?.name } == [nil, nil, "Bepisian", nil])
    #expect(cast.compactMap { $0?.type } == ["Bepisian"])
    let logged = environment.log.events.filter { $0.kind == .requiredFieldMissing(.log) }
    #expect(logged.map(\.record) == ["Character:1", "Character:2", "Character:38"])
    #expect(logged.allSatisfy { $0.field == "type" && $0.owner == .operation("EpisodeCast") })
  }
}
