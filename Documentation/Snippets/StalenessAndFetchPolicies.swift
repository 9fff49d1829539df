// Extracted from Documentation/StalenessAndFetchPolicies.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// StalenessAndFetchPolicies.md:16
func stalenessAndFetchPoliciesSnippet1(handle: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
  guard case .ready(let data) = handle.phase else { return }
  print(data.character?.name ?? "no such character")
  if handle.isRefreshing { print("refresh indicator") }   // the old data is still shown
  if handle.isStale { print("stale: a refresh is due") }
  if case .failed(let failure) = handle.fetch {           // a banner over the data
    switch failure.kind {
    case .transport: print("offline since", failure.at)
    case .http(let status): print("the server answered \(status)")
    case .malformed: print("the server's answer was not GraphQL")
    case .graphQL(let errors): print(errors.map(\.message))
    }
  }
  await handle.refetch()                                   // pull to refresh
}

// StalenessAndFetchPolicies.md:47
func stalenessAndFetchPoliciesSnippet2(environment: GraphQLEnvironment) async throws {
  environment.invalidate(record: "Character:1")   // every operation that read Rick turns stale
  environment.invalidateAll()
}

// StalenessAndFetchPolicies.md:61
func stalenessAndFetchPoliciesSnippet3(handle: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
  for await snapshot in handle.snapshots where snapshot.isStale {
    print("stale: a refresh is due")   // at the deadline, even if nothing else changed
    break
  }
}

// StalenessAndFetchPolicies.md:86
func stalenessAndFetchPoliciesSnippet4(environment: GraphQLEnvironment) async throws {
  let screen = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))                       // .storeOrNetwork
  let offline = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .storeOnly)
  let fresh = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .networkOnly)
  _ = (screen, offline, fresh)
}
