import Baton
import BatonTestServer
import Foundation
import RickAndMortyAPI

/// The steps of the honest-data story. Each prints one `[N] ...` line from what the
/// character screen shows, so the lines change if Baton's behaviour does.
struct Story {
  let server: TestServer
  /// Where the image lives across the two launches.
  let imageURL: URL
  let rick = RickAndMorty.CharacterDetailQuery(id: "1")

  /// One launch of the app: an environment over the loopback server and the image file.
  func launch() throws -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL),
      persistence: try FileImage(at: imageURL),
      heal: .default)
  }

  func say(_ step: Int, _ line: String) {
    print("[\(step)] \(line)")
  }

  func tell() async throws {
    let firstLaunch = try launch()
    let screen = firstLaunch.watch(rick)
    try await firstLoad(screen)
    try await fieldErrorSurvivesTheCache(firstLaunch, screen)
    try await refreshKeepsTheOldData(screen)
    try await failureBehindData(screen)
    // Something the app learns makes Rick out of date just before it quits.
    firstLaunch.invalidate(record: RecordID("Character:1"))
    firstLaunch.flush()

    let secondLaunch = try launch()
    let relaunched = try await relaunch(secondLaunch)
    try await heal(secondLaunch, relaunched)
    try await directives(secondLaunch)
    try await pagination(secondLaunch)
    try await liveUpdate()
    try await deferredParts()
  }

  /// (1) The first load: the spinner, then the data.
  func firstLoad(_ screen: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
    let spinner = screen.phase.isLoading
    let shown = try await screen.snapshots.collect(until: "the first load") { $0.phase.data != nil && !$0.fetch.isInFlight }
    say(1, "first load: spinner \(spinner), then \(CharacterScreen(try settled(shown)).summary)")
  }

  /// (2) A field error, stored beside the field: a cache read shows the one the network read did.
  func fieldErrorSurvivesTheCache(
    _ environment: GraphQLEnvironment, _ screen: OperationHandle<RickAndMorty.CharacterDetailQuery>
  ) async throws {
    try await server.control([
      "command": "fieldError", "target": "Character:1.species", "message": "species unavailable", "count": 1,
    ])
    let network = environment.watch(rick, policy: .networkOnly)
    let fromNetwork = CharacterScreen(
      try settled(try await network.snapshots.collect(until: "the network read") { $0.phase.data != nil && !$0.fetch.isInFlight }))
    let fromCache = CharacterScreen(environment.watch(rick, policy: .storeOnly).snapshot)
    say(2, "field error: network read \(fromNetwork.speciesText), cache read \(fromCache.speciesText)")
  }

  /// (3) A refresh the server takes its time over: the old data stays up with an indicator.
  func refreshKeepsTheOldData(_ screen: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
    try await server.control(["command": "delay", "ms": 500, "count": 1])
    let views = screen.snapshots
    async let refreshed: Void = screen.refetch()
    let during = CharacterScreen(try await views.collect(until: "the refresh to start") { $0.isRefreshing }.last.unwrapped())
    await refreshed
    let after = CharacterScreen(screen.snapshot)
    say(3, "refreshing: isRefreshing \(during.isRefreshing), still showing \(during.headline) with \(during.speciesText)")
    say(3, "refreshed: isRefreshing \(after.isRefreshing), \(after.headline) with \(after.speciesText)")
  }

  /// (4) A refresh that fails: the failure is shown, the data stays.
  func failureBehindData(_ screen: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
    try await server.control(["command": "respond", "status": 500, "count": 1])
    await screen.refetch()
    let shown = CharacterScreen(screen.snapshot)
    let banner =
      switch shown.failure?.kind {
      case .http(let status)?: "HTTP \(status)"
      case let kind?: "\(kind)"
      case nil: "no failure"
      }
    say(4, "refresh failed behind data: banner \"\(banner)\", still showing \(shown.summary)")
  }

  /// (5) The next launch: the image brings back the data and that it is stale, before any fetch.
  func relaunch(_ environment: GraphQLEnvironment) async throws -> OperationHandle<RickAndMorty.CharacterDetailQuery> {
    let fromImage = CharacterScreen(environment.watch(rick, policy: .storeOnly).snapshot)
    say(5, "relaunch: \(fromImage.summary) from the image, stale \(fromImage.isStale)")
    let screen = environment.watch(rick)
    let refreshed = CharacterScreen(
      try settled(try await screen.snapshots.collect(until: "the refresh after the relaunch") { !$0.fetch.isInFlight && !$0.isStale }))
    say(5, "refreshed after the relaunch: \(refreshed.summary), stale \(refreshed.isStale)")
    return screen
  }

  /// (6) Another query moves Rick's origin to a location this screen never fetched: a
  /// blank for a moment, a `missing` event, one heal refetch, the truth.
  func heal(_ environment: GraphQLEnvironment, _ screen: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
    let views = screen.snapshots
    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    let other = environment.watch(RickAndMorty.CharacterOriginIDQuery(id: "1"), policy: .networkOnly)
    let shown = try await views.collect(until: "the heal") { snapshot in
      let screen = CharacterScreen(snapshot)
      return screen.origin == "Earth (Replacement Dimension)" && !screen.isFetching
    }.map(CharacterScreen.init)
    let movedTo = other.phase.data?.character?.origin?.id ?? "nothing"
    let blank = shown.first { $0.origin == "" }
    say(6, "another query moved Rick's origin to Location:\(movedTo); the screen showed \"\(blank?.origin ?? "no blank")\" for a moment, stale \(blank?.isStale ?? false)")
    for event in environment.log.events where event.kind == .missing {
      say(6, "missing: \(event.owner.map(String.init(describing:)) ?? "?") read field \"\(event.field ?? "?")\" of record \(event.record.map(String.init(describing:)) ?? "?")")
    }
    let refetches = environment.log.events.filter { $0.kind == .healRefetch }.count
    say(6, "healed: \(try shown.last.unwrapped().summary) after \(refetches) heal refetch\(refetches == 1 ? "" : "es")")
  }

  /// The last snapshot of a settled sequence, which `collect` guarantees is there.
  func settled(_ snapshots: [OperationSnapshot<RickAndMorty.CharacterDetailQuery.Data>]) throws
    -> OperationSnapshot<RickAndMorty.CharacterDetailQuery.Data>
  {
    try snapshots.last.unwrapped()
  }
}
