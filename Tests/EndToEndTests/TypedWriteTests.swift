import Baton
import BatonTesting
import BatonTestServer
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// Typed writes against the loopback server: an optimistic response built with the
/// mutation's generated initializers, `commitPayload` with an operation's data, and
/// `commit(_:for:)` with a fragment's.
@Suite(.serialized, .requires(.testServer)) struct TypedWriteTests {
  static let shared = SharedServer()

  static func renamed(_ name: String) -> EndToEnd.RenameCharacterMutation.Data {
    .init(updateCharacterName: .init(id: "1", name: name))
  }

  @Test func aTypedOptimisticResponseIsReplacedBySuccess() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await handle.settledData()
    try await server.control(["command": "delay", "ms": 300, "count": 1])
    let stream = handle.snapshots
    let mutation = EndToEnd.RenameCharacterMutation(id: "1", name: "Pickle Rick")
    let result = Task { try await environment.mutate(mutation, optimisticResponse: Self.renamed("Optimistic Rick")) }
    let names = try await waiting(for: "the server's name") {
      var names: [String] = []
      for await snapshot in stream {
        if let name = snapshot.phase.data?.character?.name, names.last != name { names.append(name) }
        if names.last == "Pickle Rick" { break }
      }
      return names
    }
    #expect(names == ["Rick Sanchez", "Optimistic Rick", "Pickle Rick"])
    #expect(try await result.value == Self.renamed("Pickle Rick"))
    #expect(handle.phase.data?.character?.originDetails.origin?.name == "Earth (C-137)")
  }

  @Test func aTypedOptimisticResponseIsRolledBackOnFailure() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await handle.settledData()
    let records = environment.records
    try await server.control(["command": "delay", "ms": 300, "count": 1], ["command": "respond", "status": 500, "count": 1])
    let stream = handle.snapshots
    let mutation = EndToEnd.RenameCharacterMutation(id: "1", name: "Pickle Rick")
    let result = Task { try await environment.mutate(mutation, optimisticResponse: Self.renamed("Optimistic Rick")) }
    await #expect(throws: OperationError.self) { try await result.value }
    let names = try await waiting(for: "the optimistic name and its rollback") {
      var names: [String] = []
      for await snapshot in stream {
        if let name = snapshot.phase.data?.character?.name, names.last != name { names.append(name) }
        if names.count == 3 { break }
      }
      return names
    }
    #expect(names == ["Rick Sanchez", "Optimistic Rick", "Rick Sanchez"])
    #expect(environment.records == records)
  }

  @Test func typedCommitPayloadWritesTheOperationsData() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let query = EndToEnd.RickOriginQuery(id: "1")
    let handle = environment.watch(query)
    try await handle.settledData()
    let local = EndToEnd.RickOriginQuery.Data(character: .init(
      id: "1", name: "Local Rick",
      originDetails: EndToEnd.OriginDetails(origin: .init(id: "20", name: "Earth (Replacement Dimension)", dimension: nil))))
    try environment.commitPayload(query, local)
    #expect(handle.phase.data == local)
    #expect(handle.phase.data?.character?.originDetails.origin?.id == "20")
    #expect(environment.records["Character:1"]?["name"]?.value == .scalar("Local Rick"))
    #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
  }

  @Test func aFragmentsDataIsCommittedAtARecord() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await handle.settledData()
    let froopyland = EndToEnd.OriginDetails(origin: .init(id: "99", name: "Froopyland", dimension: "Dream"))
    try environment.commit(froopyland, for: "Character:1")
    #expect(handle.phase.data?.character?.originDetails == froopyland)
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(environment.records["Location:99"]?["dimension"]?.value == .scalar("Dream"))
    #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
  }

  @Test func typedCommitsWriteTheFieldErrorsOfTheirData() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let query = EndToEnd.RickOriginQuery(id: "1")
    let handle = environment.watch(query)
    try await handle.settledData()
    let local = EndToEnd.RickOriginQuery.Data(character: .init(
      id: "1", name: "Local Rick",
      originDetails: EndToEnd.OriginDetails(origin: .init(id: "20", name: "Earth (Replacement Dimension)", dimension: nil))))
    try environment.commitPayload(query, local.withFieldError("dimension unavailable", at: ["character", "origin", "dimension"]))
    #expect(environment.records["Location:20"]?["dimension"]?.errors.map(\.message) == ["dimension unavailable"])
    let froopyland = EndToEnd.OriginDetails(origin: .init(id: "99", name: "Froopyland", dimension: nil))
    try environment.commit(froopyland.withFieldError("no such dimension", at: ["origin", "dimension"]), for: "Character:1")
    #expect(environment.records["Location:99"]?["dimension"]?.errors.map(\.message) == ["no such dimension"])
    #expect(handle.phase.data?.character?.originDetails.origin?.id == "99")
  }
}
