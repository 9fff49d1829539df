import BatonNormalizer
import BatonStore
import BatonTestServer
import Foundation
import Testing

/// 200 concurrent fetches, mutations with optimistic layers, writes and handle drops on one
/// environment; Tools/test.sh also runs this under the thread sanitizer.
@Suite struct StressTests {
  @Test func concurrentFetchesWritesAndDropsLoseNothing() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let environment = server.environment()
    try environment.commitPayload(
      CharacterDetail(id: "counter"),
      ["character": ["__typename": "Character", "id": "counter", "name": "0", "species": "Counter", "type": nil]])
    let counter = environment.watch(CharacterDetail(id: "counter"), policy: .storeOnly)

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<200 {
        let character = String(task % 40 + 1)
        group.addTask {
          switch task % 5 {
          case 0:
            let handle = environment.watch(CharacterDetail(id: character), policy: .networkOnly)
            _ = try? await handle.settledData()
          case 1:
            _ = environment.watch(CharacterDetail(id: character), policy: .storeAndNetwork)
          case 2:
            environment.commitUpdate { records in
              let current = records["Character:counter"]?["name"]?.value
              let value = if case .scalar(.string(let text))? = current { Int(text) ?? 0 } else { 0 }
              records.setValue(.scalar(.string(String(value + 1))), forKey: "name", on: "Character:counter")
            }
          case 3:
            await environment.watch(CharacterDetail(id: character)).refetch()
          default:
            let optimistic = UpdateNameMutation(id: character, name: "Optimistic \(task)").optimisticResponse
            _ = try? await environment.mutate(
              UpdateNameMutation(id: character, name: "Mutated \(task)"), optimisticResponse: optimistic)
          }
        }
      }
    }
    #expect(counter.phase.data?.character?.name == "40")
    // Every optimistic layer went when its mutation settled.
    let names = environment.records.records.values.compactMap { record -> String? in
      if case .scalar(.string(let name))? = record["name"]?.value { name } else { nil }
    }
    #expect(!names.contains { $0.hasPrefix("Optimistic") })
    // Characters fetched to the end by tasks 0 and 3 (mod 5) read from the store.
    for task in 0..<200 where task % 5 == 0 || task % 5 == 3 {
      let cached = environment.watch(CharacterDetail(id: String(task % 40 + 1)), policy: .storeOnly)
      #expect(cached.phase.data?.character?.id == String(task % 40 + 1))
    }
  }
}
