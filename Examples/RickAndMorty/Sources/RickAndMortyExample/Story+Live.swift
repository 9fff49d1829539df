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

  /// (9) Incremental delivery: the server sends Morty's name first and the `@defer`red
  /// details (and the `@stream`ed episodes) a moment later; meanwhile the details read
  /// pending, which is neither missing data nor a zero value, so nothing heals.
  func deferredParts() async throws {
    try await server.control(["command": "delayIncrements", "ms": 300])
    let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: server.graphQLURL))
    let screen = environment.watch(RickAndMorty.CharacterScreenPartsQuery(id: "2"))
    let shown = try await screen.snapshots.collect(until: "the details and every episode") { snapshot in
      guard let character = snapshot.phase.data?.character else { return false }
      return character.details.value != nil && character.episodes.isComplete
    }
    let first = try (shown.first { $0.phase.data != nil }?.phase.data?.character).unwrapped()
    let last = try (shown.last?.phase.data?.character).unwrapped()
    let details = try last.details.value.unwrapped()
    let missing = environment.log.events.filter { $0.kind == .missing || $0.kind == .healRefetch }.count
    say(
      9, "@defer: \(first.name) showed with the details \(first.details.isPending ? "pending" : "there") and "
        + "\(first.episodes.items.count) episodes, then \(details.species) from \(details.origin?.name ?? "nowhere") and "
        + "\(last.episodes.items.count) episodes, \(missing) missing or heal events")
    try await server.control(["command": "delayIncrements", "ms": 0])
  }
}
