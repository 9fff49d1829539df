import Baton
import BatonTestServer
import BatonTesting
import Foundation
import RickAndMortyAPI

extension Story {
  /// (9) Live data: the server renames Rick and says so over the subscription; the character
  /// screen shows the new name from the event alone, with no refetch.
  func liveUpdate() async throws {
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL),
      subscriptionTransport: GraphQLWebSocketTransport(endpoint: server.webSocketURL))
    let screen = environment.watch(rick)
    let before = CharacterScreen(
      try settled(try await screen.snapshots.collect(until: "the screen's load") { $0.phase.data != nil && !$0.fetch.isInFlight }))
    let live = environment.subscribe(RickAndMorty.CharacterUpdatedSubscription(id: "1"))
    _ = try await live.snapshots.collect(until: "the subscription to run") { $0.fetch == .idle }
    try await eventually("the server to run the subscription") { try await server.sockets()["active"]?.intValue == 1 }
    let fetches = try await server.requestCount(operationName: "CharacterDetail")
    let updates = screen.snapshots
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick Prime", "status": "DEAD"]])
    let after = CharacterScreen(
      try settled(try await updates.collect(until: "the live update") { $0.phase.data?.character?.name == "Rick Prime" }))
    let refetches = try await server.requestCount(operationName: "CharacterDetail") - fetches
    say(9, "live: \(before.headline) became \(after.headline) from the subscription's event, \(refetches) refetches")
  }
}
