import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Testing

/// A record written under the id of a stored record of another `__typename` is logged as
/// `typenameChanged` and raised as a runtime issue, as Relay warns: one id for objects of
/// two types is a server's mistake the store cannot undo. Ids named by their path may
/// change type (a field of an interface type answered by another type), and are not reported.
struct TypenameChangeTests {
  static let query = EndToEnd.RickOriginNameQuery(id: "1")

  static func data(originType: String) -> JSONValue {
    [
      "character": [
        "__typename": "Character", "id": "1", "name": "Rick Sanchez",
        "origin": ["__typename": .string(originType), "id": "1", "name": "Earth (C-137)"],
      ]
    ]
  }

  static func typenameChanges(_ log: EnvironmentLog) -> [LogEvent] {
    log.events.filter { if case .typenameChanged = $0.kind { true } else { false } }
  }

  @Test func aKeyedRecordWrittenWithAnotherTypenameIsLoggedAndRaised() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.data(originType: "Location")))
    let environment = GraphQLEnvironment(transport: transport)
    environment.commitUpdate { $0["Character:1"] = StoreRecord(id: "Character:1", typename: "Robot") }
    let issues = RuntimeIssueRecorder()
    let data = try await RuntimeIssues.withHandler(issues.handler) {
      try await environment.watch(Self.query).settledData()
    }
    #expect(data.character?.name == "Rick Sanchez")
    #expect(environment.records["Character:1"]?.typename == "Character")
    #expect(Self.typenameChanges(environment.log) == [
      LogEvent(.typenameChanged(from: "Robot", to: "Character"), record: "Character:1", field: "__typename")
    ])
    #expect(issues.messages == [
      "typename changed: record Character:1 was stored as type Robot and is now written as type Character; "
        + "the server likely gave one id to objects of two types (ids must be unique across types)."
    ])
  }

  /// `origin` is of type `Location`, keyed by `id`; an origin of another type has no key
  /// fields, so it is named by its path.
  @Test func aRecordNamedByItsPathMayChangeType() async throws {
    let path: RecordID = "client:Character:1:origin"
    let transport = ScriptedTransport()
    transport.enqueue(.data(Self.data(originType: "Dimension")))
    let environment = GraphQLEnvironment(transport: transport)
    environment.commitUpdate { $0[path] = StoreRecord(id: path, typename: "Planet") }
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) {
      _ = try await environment.watch(Self.query).settled()
    }
    #expect(environment.records[path]?.typename == "Dimension")
    #expect(Self.typenameChanges(environment.log).isEmpty)
    #expect(issues.messages.isEmpty)
  }
}
