import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// `@deleteRecord` with an optimistic response: the record is hidden in the optimistic
/// layer, so its node leaves every connection at once, and comes back with the layer's
/// rollback when the mutation fails.
@Suite(.serialized, .requires(.testServer)) struct OptimisticDeleteRecordEndToEndTests {
  static let shared = SharedServer()

  static func ids(_ handle: PaginatedHandle<EndToEnd.CharacterListQuery>) -> [String] {
    handle.phase.data?.charactersConnection.edges.map(\.node.id) ?? []
  }

  /// The first three characters, and the first three Smiths.
  static func twoLists(_ environment: GraphQLEnvironment) async throws
    -> (everyone: PaginatedHandle<EndToEnd.CharacterListQuery>, smiths: PaginatedHandle<EndToEnd.CharacterListQuery>)
  {
    let everyone = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(3)))
    let smiths = environment.watchPaginated(
      EndToEnd.CharacterListQuery(count: .value(3), filter: .value(EndToEnd.CharacterFilter(name: .value("smith")))))
    try await everyone.handle.settledData()
    try await smiths.handle.settledData()
    #expect(ids(everyone) == ["1", "2", "3"] && ids(smiths) == ["2", "3", "4"])
    return (everyone, smiths)
  }

  static let optimisticDeletion: JSONValue = ["deleteCharacter": ["deletedId": "2"]]

  @Test func theNodeLeavesEveryConnectionAtOnceThenTheServerConfirms() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let (everyone, smiths) = try await Self.twoLists(environment)
    // The server answers after 20 s; the deletion must show long before, even in a test
    // process too busy to run this task for seconds.
    try await server.control(["command": "delay", "ms": 20_000, "count": 1])
    let started = ContinuousClock.now
    let mutation = Task {
      try await environment.mutate(EndToEnd.DestroyCharacterMutation(id: "2"), optimisticResponse: Self.optimisticDeletion)
    }
    try await eventually("the optimistic deletion shows") {
      Self.ids(everyone) == ["1", "3"] && Self.ids(smiths) == ["3", "4"]
    }
    #expect(ContinuousClock.now - started < .seconds(15))
    #expect(environment.records[RecordID("Character:2")] == nil)
    _ = try await mutation.value
    #expect(Self.ids(everyone) == ["1", "3"] && Self.ids(smiths) == ["3", "4"])
    #expect(environment.records[RecordID("Character:2")] == nil)
    #expect(!environment.log.events.contains { $0.kind == .missing })
  }

  @Test func aFailedMutationBringsTheRecordBackIntoEveryConnection() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let (everyone, smiths) = try await Self.twoLists(environment)
    try await server.control(["command": "delay", "ms": 300, "count": 1], ["command": "respond", "status": 500, "count": 1])
    let mutation = Task {
      try await environment.mutate(EndToEnd.DestroyCharacterMutation(id: "2"), optimisticResponse: Self.optimisticDeletion)
    }
    try await eventually("the optimistic deletion shows") { Self.ids(everyone) == ["1", "3"] }
    #expect(Self.ids(smiths) == ["3", "4"])
    let outcome = await mutation.result
    #expect(throws: OperationError.self) { try outcome.get() }
    #expect(Self.ids(everyone) == ["1", "2", "3"])
    #expect(Self.ids(smiths) == ["2", "3", "4"])
    #expect(environment.records[RecordID("Character:2")]?["name"] != nil)
    #expect(!environment.log.events.contains { $0.kind == .missing })
  }
}
