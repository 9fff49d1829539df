import BatonNormalizer
import BatonStore
import BatonTestServer
import Foundation
import Testing

/// Concurrent fetches, writes and handle drops on one environment; Tools/test.sh also runs
/// this under the thread sanitizer.
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
        group.addTask {
          switch task % 4 {
          case 0:
            let handle = environment.watch(CharacterDetail(id: String(task % 40 + 1)), policy: .networkOnly)
            _ = try? await handle.settledData()
          case 1:
            _ = environment.watch(CharacterDetail(id: String(task % 40 + 1)), policy: .storeAndNetwork)
          case 2:
            environment.commitUpdate { records in
              let current = records["Character:counter"]?["name"]?.value
              let value = if case .scalar(.string(let text))? = current { Int(text) ?? 0 } else { 0 }
              records.setValue(.scalar(.string(String(value + 1))), forKey: "name", on: "Character:counter")
            }
          default:
            let handle = environment.watch(CharacterDetail(id: String(task % 40 + 1)))
            await handle.refetch()
          }
        }
      }
    }
    #expect(counter.phase.data?.character?.name == "50")
    // Tasks 0 and 3 (mod 4) fetched these characters to the end; the rest may have been cancelled.
    for id in (1...40) where id % 4 == 1 || id % 4 == 0 {
      let cached = environment.watch(CharacterDetail(id: String(id)), policy: .storeOnly)
      #expect(cached.phase.data?.character?.id == String(id))
    }
  }
}
