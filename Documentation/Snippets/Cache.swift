// Extracted from Documentation/Cache.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Cache.md:25
func cacheSnippet1(environment: GraphQLEnvironment) async throws {
  // A handle as an operation's: phase, field errors, staleness, and every write to the
  // records the fragment read reaches it.
  let origin = environment.watch(fragment: RickAndMorty.OriginDetails.self, id: "Character:1")
  if let place = origin.phase.data?.origin {
    print(place.name)
  }
  // Once, from the store as it is now: nil when the record or any field the fragment reads
  // is not there.
  if let card = environment.read(fragment: RickAndMorty.CharacterCard.self, id: "Character:1") {
    print(card.name)
  }
}

// Cache.md:69
func cacheSnippet2(environment: GraphQLEnvironment) async throws {
  // The list fetches the characters' records...
  let list = environment.watch(RickAndMorty.CharacterListQuery(page: 1))
  _ = await list.snapshots.first { $0.phase.data != nil }
  // ...and a query of some of them by id reads those records: ready at once, with no
  // request, because the list fetched every field it reads.
  let picks = environment.watch(RickAndMorty.CharacterPicksQuery(ids: ["1", "2"]))
  if let characters = picks.phase.data?.charactersByIds {
    print(characters.compactMap { $0?.name })
  }
}

// Cache.md:114
func cacheSnippet3(environment: GraphQLEnvironment) async throws {
  environment.commitUpdate { records in
    records.update(RickAndMorty.CharacterEditor.Updatable.self, at: "Character:1") { character in
      // A scalar: read as an optional, written with a value or nil (null).
      character.name = "Rick Prime"
      // A list of links is an array of record ids: add or remove items as in any array.
      character.episodes.append("Episode:51")
      character.episodes.removeAll { $0 == "Episode:1" }
      // character.nickname = "Rick"   // does not compile: the fragment does not select it
    }
  }
}

// Cache.md:133
func cacheSnippet4(environment: GraphQLEnvironment) async throws {
  _ = try await environment.mutate(
    RickAndMorty.RenameCharacterMutation(id: "1", name: "Rick Prime"),
    optimisticUpdater: { records in
      records.update(RickAndMorty.CharacterEditor.Updatable.self, at: "Character:1") { character in
        character.name = "Rick Prime"
      }
    })
}

// Cache.md:153
func cacheSnippet5(environment: GraphQLEnvironment) async throws {
  // One field of one record: every stored value of it (all its arguments)...
  environment.evict(field: "species", of: "Character:1")
  // ...or only the one some arguments name: the root's `character(id: "2")`.
  environment.evict(field: "character", arguments: ["id": "2"], of: .root)
  // A record, with the records only it reached: Rick, and his episodes no one else links to.
  environment.evict(record: "Character:1")
  // An operation: its root fields and the records its last read saw, except what another
  // operation in the store reads.
  environment.evict(RickAndMorty.CharacterDetailQuery(id: "1"))
}

// Cache.md:193
func cacheSnippet6(transport: any Transport) async throws {
  let environment = GraphQLEnvironment(
    transport: transport,
    maxAges: MaxAges(fields: RickAndMorty.maxAges, usesServerHints: true))
  let handle = environment.watch(RickAndMorty.CharacterWithCardQuery(id: "1"))
  for await snapshot in handle.snapshots {
    // Each field past its max age, with the fragment (or the operation) that read it.
    for stale in snapshot.staleFragments {
      print("\(stale.owner) read \(stale.field) of \(stale.record): \(stale.age) old, max \(stale.maxAge)")
    }
    if snapshot.staleFragmentNames.contains("CharacterCard") {
      await handle.refetch()
    }
    break
  }
  // As of now on the environment's clock: a field that aged since the last snapshot counts.
  let staleNow = handle.staleFragments.map(\.owner)
  print(staleNow)
}
