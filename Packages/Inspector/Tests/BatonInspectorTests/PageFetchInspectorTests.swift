import Baton
import BatonInspector
import BatonTestServer
import BatonTesting
import Foundation
import RickAndMortyAPI
import TestPrerequisites
import Testing

/// A page fetch has no fetch state on its operation, so the inspector learns of it from the
/// log: a page that fails is on the timeline, and its retry comes down the live feed. (The
/// live endpoint serves these two; it is not started here, so that no socket listens while
/// `LiveInspectorTests` checks that nothing does.)
@Suite(.serialized, .requires(.testServer)) struct PageFetchInspectorTests {
  static let shared = SharedServer()

  @Test func aFailedPageIsOnTheTimelineAndItsRetryInTheFeed() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = environment.watchPaginated(RickAndMorty.CharacterConnectionQuery(count: .value(5)))
    try await list.handle.settledData()
    let cursor = Data("Character:5".utf8).base64EncodedString()
    try await server.control(["command": "pageFault", "after": .string(cursor), "status": 500, "count": 1])
    await list.loadNext(5).value
    #expect(list.nextFetch.failure?.kind == .http(status: 500))

    let source = EnvironmentSource(environment)
    let timeline = source.inspection().timeline
    let owner = "operation CharacterConnection"
    #expect(timeline.contains { $0.category == "fetch" && $0.message == "fetch page (\(owner))" }, "\(timeline)")
    let failed = timeline.first { $0.category == "fetchFailed" && $0.owner == owner }
    #expect(failed?.message.contains("500") == true, "\(timeline)")

    let feed = source.feed()
    await list.loadNext(5).value
    let retry = InspectorFeedEvent.timeline(
      InspectedEvent(category: "fetch", message: "fetch page (\(owner))", owner: owner))
    let heard = try await feed.prefix(through: { event in
      guard case .timeline(var heard) = event else { return false }
      heard.at = nil
      return .timeline(heard) == retry
    }, within: .seconds(10))
    #expect(heard.last != nil)
    #expect(list.phase.data?.charactersConnection.edges.count == 10)
  }
}
