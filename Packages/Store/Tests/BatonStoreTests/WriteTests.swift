import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Mutations with optimistic responses, local payloads and updaters.
@Suite(.serialized, .taped) struct WriteTests {
  static let shared = SharedServer()

  @Test func optimisticUpdateIsReplacedBySuccess() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    try await server.control(["command": "delay", "ms": 300, "count": 1])
    let mutation = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")
    let optimistic = StoreTests.UpdateNameMutation(id: "1", name: "Optimistic Rick").optimisticResponse
    let stream = handle.snapshots
    let result = Task { try await environment.mutate(mutation, optimisticResponse: optimistic) }
    let names = try await waiting(for: "the server's name") {
      var names: [String] = []
      for await snapshot in stream {
        if let name = snapshot.phase.data?.character?.name, names.last != name { names.append(name) }
        if names.last == "Pickle Rick" { break }
      }
      return names
    }
    #expect(names == ["Rick Sanchez", "Optimistic Rick", "Pickle Rick"])
    let data = try await result.value
    #expect(data.updateCharacterName?.name == "Pickle Rick")
    #expect(handle.phase.data?.character?.name == "Pickle Rick")
    #expect(handle.phase.data?.character?.species == "Human")
  }

  @Test func optimisticUpdateIsRolledBackOnFailure() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    let records = environment.records
    try await server.control(["command": "delay", "ms": 300, "count": 1], ["command": "respond", "status": 500, "count": 1])
    let mutation = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")
    let stream = handle.snapshots
    let result = Task { try await environment.mutate(mutation, optimisticResponse: mutation.optimisticResponse) }
    await #expect(throws: OperationError.self) { try await result.value }
    let names = try await waiting(for: "the optimistic name and its rollback") {
      var names: [String] = []
      for await snapshot in stream {
        if let name = snapshot.phase.data?.character?.name, names.last != name { names.append(name) }
        if names.count == 3 { break }
      }
      return names
    }
    #expect(names == ["Rick Sanchez", "Pickle Rick", "Rick Sanchez"])
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(environment.records == records)
  }

  @Test func mutationUpdaterTouchesRecords() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "2"))
    try await handle.settledData()
    _ = try await environment.mutate(StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")) { records in
      records.setValue(.scalar("Rick's grandson"), forKey: "type", on: "Character:2")
    }
    #expect(handle.phase.data?.character?.type == "Rick's grandson")
  }

  @Test func commitPayloadWritesPartOfASelection() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    try environment.commitPayload(
      CharacterDetail(id: "1"), ["character": ["__typename": "Character", "id": "1", "name": "Local Rick"]])
    #expect(handle.phase.data?.character?.fields == CharacterFields(id: "1", name: "Local Rick", species: "Human", type: nil))
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }

  @Test func commitPayloadRejectsAPayloadOfTheWrongShape() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let records = environment.records
    #expect(throws: NormalizeError.self) {
      try environment.commitPayload(CharacterDetail(id: "1"), ["character": "not an object"])
    }
    #expect(environment.records == records)
  }

  @Test func commitUpdateReachesTheHandle() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    environment.commitUpdate { records in
      var rick = records["Character:1"]
      rick?["name"] = RecordField(.scalar("Tiny Rick"))
      records["Character:1"] = rick
    }
    #expect(handle.phase.data?.character?.name == "Tiny Rick")
  }
}
