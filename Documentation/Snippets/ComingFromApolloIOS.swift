// Extracted from Documentation/ComingFromApolloIOS.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// ComingFromApolloIOS.md:36
func comingFromApolloIOSSnippet1(environment: GraphQLEnvironment) async throws {
  let handle = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .storeAndNetwork)
  for await snapshot in handle.snapshots {
    guard let character = snapshot.phase.data?.character else { continue }
    print(character.name)                                       // String: non-null in the schema
    if case .failure(let errors) = character.species {          // @catch: the error, even from cache
      print("species unavailable:", errors.errors.map(\.message))
    }
    if snapshot.isRefreshing { print("refreshing") }
    if let failure = snapshot.fetch.failure { print("last refresh failed:", failure) }  // the data stays
  }
}

// ComingFromApolloIOS.md:62
func comingFromApolloIOSSnippet2(environment: GraphQLEnvironment) async throws {
  do {
    let data = try await environment.fetch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .networkOnly)
    print(data.character?.name ?? "no such character")
  } catch OperationError.fetch(let failure) {
    print("no data:", failure)                                  // e.g. HTTP 500: ...
  } catch {
    print("failed:", error)                                     // a failed read, or cancelled
  }
}

// ComingFromApolloIOS.md:84
func comingFromApolloIOSSnippet3(environment: GraphQLEnvironment) async throws {
  try environment.commitPayload(
    RickAndMorty.CharacterOriginIDQuery(id: "1"),
    ["character": ["__typename": "Character", "id": "1", "origin": ["__typename": "Location", "id": "1"]]])
  environment.invalidateAll()
}

// ComingFromApolloIOS.md:96
func comingFromApolloIOSSnippet4(environment: GraphQLEnvironment) async throws {
  try environment.commitPayload(
    RickAndMorty.CharacterOriginIDQuery(id: "1"),
    .init(character: .init(id: "1", origin: .init(id: "20"))))
  try environment.commit(
    RickAndMorty.OriginDetails(origin: .init(id: "20", name: "Earth (Replacement Dimension)")), for: "Character:1")
}
