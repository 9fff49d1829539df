// Extracted from Documentation/Persistence.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Persistence.md:9
func persistenceSnippet1(transport: any Transport) async throws {
  let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
  let environment = GraphQLEnvironment(
    transport: transport,
    persistence: try FileImage(at: caches.appendingPathComponent("rickandmorty.image")),
    heal: .default)
  let launch = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .storeOnly)
  print(launch.phase.data?.character?.name ?? "nothing saved yet", launch.isStale ? "(stale)" : "")
}

// Persistence.md:94
func persistenceSnippet2(environment: GraphQLEnvironment, image: StoreImage) async throws {
  let bytes: [UInt8] = FileImage.encode(image)
  let decoded: StoreImage = try FileImage.decode(bytes)
  environment.log.events.filter { if case .imageLoadFailed = $0.kind { true } else { false } }.forEach { print($0) }
  _ = decoded
}
