import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// `@appendEdge`, `@prependNode`, `@deleteEdge` and `@deleteRecord` on the loopback
/// server's `addCharacter` and `deleteCharacter`, with optimistic responses rolled back
/// when the mutation fails.
@Suite(.serialized, .requires(.testServer)) struct ListEditEndToEndTests {
  static let shared = SharedServer()

  static func ids(_ handle: PaginatedHandle<EndToEnd.CharacterListQuery>) -> [String] {
    handle.phase.data?.charactersConnection.edges.map(\.node.id) ?? []
  }

  static func firstPage(_ environment: GraphQLEnvironment) async throws -> PaginatedHandle<EndToEnd.CharacterListQuery> {
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(3)))
    try await list.handle.settledData()
    return list
  }

  static func connections(_ list: PaginatedHandle<EndToEnd.CharacterListQuery>) throws -> [String] {
    [try #require(list.connectionID).rawValue]
  }

  static let optimisticEdge: JSONValue = [
    "addCharacter": [
      "characterEdge": [
        "__typename": "CharacterEdge", "cursor": "optimistic",
        "node": ["__typename": "Character", "id": "optimistic", "name": "Squanchy"],
      ],
    ],
  ]

  @Test func appendEdgeShowsTheOptimisticEdgeThenTheServers() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    try await server.control(["command": "delay", "ms": 400, "count": 1])
    let mutation = Task {
      try await environment.mutate(
        EndToEnd.AppendCharacterMutation(
          input: EndToEnd.AddCharacterInput(name: "Squanchy"), connections: try Self.connections(list)),
        optimisticResponse: Self.optimisticEdge)
    }
    try await eventually("the optimistic edge shows") { Self.ids(list) == ["1", "2", "3", "optimistic"] }
    let data = try await mutation.value
    #expect(data.addCharacter.characterEdge.node.id == "41")
    #expect(Self.ids(list) == ["1", "2", "3", "41"])
  }

  @Test func aFailedMutationRollsTheOptimisticEdgeBack() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    try await server.control(["command": "delay", "ms": 300, "count": 1], ["command": "respond", "status": 500, "count": 1])
    let mutation = Task {
      try await environment.mutate(
        EndToEnd.AppendCharacterMutation(
          input: EndToEnd.AddCharacterInput(name: "Squanchy"), connections: try Self.connections(list)),
        optimisticResponse: Self.optimisticEdge)
    }
    try await eventually("the optimistic edge shows") { Self.ids(list).count == 4 }
    let outcome = await mutation.result
    #expect(throws: OperationError.self) { try outcome.get() }
    #expect(Self.ids(list) == ["1", "2", "3"])
  }

  @Test func prependNodeMakesAnEdgeAtTheStart() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    _ = try await environment.mutate(
      EndToEnd.PrependCharacterMutation(
        input: EndToEnd.AddCharacterInput(name: "Squanchy"), connections: try Self.connections(list)))
    #expect(Self.ids(list) == ["41", "1", "2", "3"])
    #expect(list.phase.data?.charactersConnection.edges.first?.node.name == "Squanchy")
    // The next page still continues from the server's end cursor.
    await list.loadNext(2).value
    #expect(Self.ids(list) == ["41", "1", "2", "3", "4", "5"])
  }

  @Test func deleteEdgeRemovesTheEdgeFromTheListedConnectionsOnly() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    let smiths = environment.watchPaginated(
      EndToEnd.CharacterListQuery(count: .value(3), filter: .value(EndToEnd.CharacterFilter(name: .value("smith")))))
    try await smiths.handle.settledData()
    _ = try await environment.mutate(EndToEnd.RemoveCharacterEdgeMutation(id: "2", connections: try Self.connections(list)))
    #expect(Self.ids(list) == ["1", "3"])
    #expect(Self.ids(smiths) == ["2", "3", "4"])
  }

  @Test func deleteRecordTakesTheNodeOutOfEveryConnection() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    let smiths = environment.watchPaginated(
      EndToEnd.CharacterListQuery(count: .value(3), filter: .value(EndToEnd.CharacterFilter(name: .value("smith")))))
    try await smiths.handle.settledData()
    _ = try await environment.mutate(EndToEnd.DestroyCharacterMutation(id: "2"))
    #expect(Self.ids(list) == ["1", "3"])
    #expect(Self.ids(smiths) == ["3", "4"])
    #expect(environment.records[RecordID("Character:2")] == nil)
    #expect(!environment.log.events.contains { $0.kind == .missing })
  }

  @Test func appendNodeAndPrependEdgePutTheNewCharacterAtEitherEnd() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    _ = try await environment.mutate(
      EndToEnd.AppendCharacterNodeMutation(
        input: EndToEnd.AddCharacterInput(name: "Squanchy"), connections: try Self.connections(list)))
    _ = try await environment.mutate(
      EndToEnd.PrependCharacterEdgeMutation(
        input: EndToEnd.AddCharacterInput(name: "Gearhead"), connections: try Self.connections(list)))
    #expect(Self.ids(list) == ["42", "1", "2", "3", "41"])
    // The prepended edge came with its cursor (the compiler adds it); the appended node's
    // edge has none yet.
    let cursors = list.phase.data?.charactersConnection.edges.map(\.cursor) ?? []
    #expect(cursors.first == Data("Character:42".utf8).base64EncodedString() && cursors.last == "")
    #expect(!environment.log.events.contains { $0.kind == .missing })
    // Relay's choice: the null cursor is stored, not left missing, and a `String!` read of
    // it says so rather than healing.
    #expect(environment.log.events.contains { event in
      guard case .unexpected = event.kind else { return false }
      return event.field == "cursor"
    })
  }

  /// An edge made for a node has a null cursor, and paging never sends it: the next page
  /// starts from the server's `endCursor`, the previous from its `startCursor`, which the
  /// connection's page info keeps whatever edges a list edit put at either end.
  @Test func pagingPastAnEdgeMadeForANodeSendsTheServersCursorNotTheEdgesNull() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let list = try await Self.firstPage(environment)
    _ = try await environment.mutate(
      EndToEnd.AppendCharacterNodeMutation(
        input: EndToEnd.AddCharacterInput(name: "Squanchy"), connections: try Self.connections(list)))
    #expect(list.phase.data?.charactersConnection.edges.last?.node.id == "41")
    await list.loadNext(2).value
    let after = try await server.lastRequestBody()?["variables"]?["cursor"]
    #expect(after == .string(Data("Character:3".utf8).base64EncodedString()))
    #expect(Set(Self.ids(list)) == ["1", "2", "3", "41", "4", "5"])

    let tenth = Data("Character:10".utf8).base64EncodedString()
    // Another store, so that the list is a connection of its own.
    let other = server.environment()
    let last = other.watchPaginated(EndToEnd.CharacterListQuery(count: .null, last: .value(3), before: .value(tenth)))
    try await last.handle.settledData()
    _ = try await other.mutate(
      EndToEnd.PrependCharacterMutation(
        input: EndToEnd.AddCharacterInput(name: "Gearhead"), connections: [try #require(last.connectionID).rawValue]))
    #expect(last.phase.data?.charactersConnection.edges.first?.node.id == "42")
    #expect(last.hasPrevious)
    await last.loadPrevious(2).value
    let before = try await server.lastRequestBody()?["variables"]?["before"]
    #expect(before == .string(Data("Character:7".utf8).base64EncodedString()))
    #expect(Set(Self.ids(last)) == ["5", "6", "42", "7", "8", "9"])
  }
}
