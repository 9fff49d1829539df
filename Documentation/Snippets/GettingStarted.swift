// Extracted from Documentation/GettingStarted.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// GettingStarted.md:81
func gettingStartedSnippet1(serverURL: URL, cachesFolder: URL) async throws {

  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: serverURL),
    persistence: try FileImage(at: cachesFolder.appendingPathComponent("rickandmorty.image")),
    heal: .default)
  let handle = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
  _ = handle
}

// GettingStarted.md:104
func gettingStartedSnippet2(handle: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
  for await snapshot in handle.snapshots {
    switch snapshot.phase {
    case .loading:
      print("spinner")
    case .ready(let data):
      let name: String? = data.character?.name        // the character may not exist; its name always does
      print(name ?? "no such character", snapshot.isRefreshing ? "(refreshing)" : "")
      if let failure = snapshot.fetch.failure { print("banner:", failure) }  // the data stays
    case .failed(let error):
      print("error:", error)
    }
  }
}
