import Baton
import Foundation
import RickAndMortyAPI

extension Story {
  /// (8) A list that loads more: three pages, the second failing behind the first and then
  /// retried, and a character inserted at the top with `@prependEdge`.
  func pagination(_ environment: GraphQLEnvironment) async throws {
    let list = environment.watchPaginated(RickAndMorty.CharacterConnectionQuery(count: .value(5)))
    for await snapshot in list.handle.snapshots where snapshot.phase.data != nil && !snapshot.fetch.isInFlight { break }
    say(8, "page 1: \(names(list))")

    let endOfPageOne = Data("Character:5".utf8).base64EncodedString()
    try await server.control(["command": "pageFault", "after": .string(endOfPageOne), "status": 503, "count": 1])
    await list.loadNext(5).value
    let banner = if case .http(let status)? = list.nextFetch.failure?.kind { "\"HTTP \(status)\"" } else { "none" }
    say(8, "page 2 failed behind data: banner \(banner), still showing \(count(list)) characters")
    await list.loadNext(5).value
    say(8, "page 2 retried: \(count(list)) characters, banner \(list.nextFetch.failure == nil ? "gone" : "still there")")
    await list.loadNext(5).value
    let total = list.phase.data?.charactersConnection.totalCount ?? 0
    say(8, "page 3: \(count(list)) of \(total) characters, more to load \(list.hasNext)")

    guard let connection = list.connectionID else { throw StoryError("the list has no connection record") }
    _ = try await environment.mutate(
      RickAndMorty.AddCharacterAtTopMutation(
        input: RickAndMorty.AddCharacterInput(name: "Squanchy"), connections: [connection.rawValue]))
    let first = list.phase.data?.charactersConnection.edges.first?.node.name ?? "nobody"
    say(8, "@prependEdge: \(first) at the top, \(count(list)) characters")
  }

  private func names(_ list: PaginatedHandle<RickAndMorty.CharacterConnectionQuery>) -> String {
    list.phase.data?.charactersConnection.edges.map(\.node.name).joined(separator: ", ") ?? ""
  }

  private func count(_ list: PaginatedHandle<RickAndMorty.CharacterConnectionQuery>) -> Int {
    list.phase.data?.charactersConnection.edges.count ?? 0
  }
}
