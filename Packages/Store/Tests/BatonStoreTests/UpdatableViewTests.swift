import BatonNormalizer
import BatonStore
import BatonTransport
import BatonTesting
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// An `@updatable` fragment's generated `Updatable` view writes the fields it selects, typed:
/// a scalar, a link by id, a list of links changed as an array; a field it does not select
/// does not compile.
@Suite struct UpdatableViewTests {
  static func environment(
    transport: ScriptedTransport = ScriptedTransport(), clock: any StoreClock = SystemClock()
  ) -> GraphQLEnvironment {
    let environment = GraphQLEnvironment(transport: transport, clock: clock)
    environment.commitUpdate { records in
      for id in ["1", "2", "3"] {
        records[RecordID("Episode:\(id)")] = StoreRecord(id: RecordID("Episode:\(id)"), typename: "Episode", fields: ["id": RecordField(.scalar(.string(id)))])
      }
      records["Location:1"] = StoreRecord(id: "Location:1", typename: "Location", fields: ["id": RecordField(.scalar("1"))])
      records["Character:1"] = StoreRecord(id: "Character:1", typename: "Character", fields: [
        "id": RecordField(.scalar("1")), "name": RecordField(.scalar("Rick")), "status": RecordField(.scalar("ALIVE")),
        "type": RecordField(.null),
        "origin": RecordField(.null), "episodes": RecordField(.list([.link("Episode:1")])),
      ])
    }
    return environment
  }

  @Test func aTypedUpdaterAssignsFieldsAndAddsAnItemToAList() throws {
    let environment = Self.environment()
    let editor = environment.watch(fragment: StoreTests.CharacterEditor.self, id: "Character:1")
    #expect(editor.phase.data?.episodes.map(\.id) == ["1"])

    environment.commitUpdate { records in
      records.update(StoreTests.CharacterEditor.Updatable.self, at: "Character:1") { character in
        #expect(character.name == "Rick")
        character.name = "Rick Prime"
        character.status = .dead
        character.type = "Replacement"
        character.origin = "Location:1"
        character.episodes.append("Episode:3")
      }
    }
    let data = try #require(editor.phase.data)
    #expect(data.name == "Rick Prime")
    #expect(data.status == .dead)
    #expect(data.type == "Replacement")
    #expect(data.origin?.id == "1")
    #expect(data.episodes.map(\.id) == ["1", "3"])

    environment.commitUpdate { records in
      records.update(StoreTests.CharacterEditor.Updatable.self, at: "Character:1") { character in
        character.episodes.removeAll { $0 == "Episode:1" }
        character.type = nil
      }
    }
    #expect(editor.phase.data?.episodes.map(\.id) == ["3"])
    #expect(editor.phase.data?.type == nil)
  }

  /// The same view as an optimistic updater: its writes show at once, in a layer, and go
  /// when the mutation fails; the store underneath never had them.
  @Test func aTypedOptimisticUpdaterShowsUntilItsMutationFails() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock)
    transport.enqueue(.delayed(.seconds(1), .transportError("offline")), for: "UpdateName")
    let environment = Self.environment(transport: transport, clock: clock)
    let editor = environment.watch(fragment: StoreTests.CharacterEditor.self, id: "Character:1")
    let mutation = Task {
      try await environment.mutate(
        StoreTests.UpdateNameMutation(id: "1", name: "Rick Prime"),
        optimisticUpdater: { records in
          records.update(StoreTests.CharacterEditor.Updatable.self, at: "Character:1") { character in
            character.name = "Rick Prime"
            character.episodes.append("Episode:2")
          }
        })
    }
    try await editor.snapshots(until: { $0.phase.data?.name == "Rick Prime" })
    #expect(editor.phase.data?.episodes.map(\.id) == ["1", "2"])
    try await eventually("the mutation waits on the clock") { !clock.sleeperDeadlines.isEmpty }
    clock.advance(by: .seconds(1))
    await #expect(throws: OperationError.self) { try await mutation.value }
    #expect(editor.phase.data?.name == "Rick")
    #expect(editor.phase.data?.episodes.map(\.id) == ["1"])
  }

  /// The view's properties are the fragment's fields: a name it does not select is a
  /// compile error (checked with `swiftc -typecheck` against this build's modules), and the
  /// same file with a selected name type-checks.
  @Test(.timeLimit(.minutes(5))) func aFieldTheFragmentDoesNotSelectDoesNotCompile() async throws {
    let wrong = try await Self.typecheck(field: "nickname")
    #expect(wrong.status != 0)
    #expect(
      wrong.output.contains("error: value of type 'StoreTests.CharacterEditor.Updatable' has no member 'nickname'"),
      "\(wrong.output)")
    let right = try await Self.typecheck(field: "name")
    #expect(right.status == 0, "\(right.output)")
  }

  static func typecheck(field: String) async throws -> ToolRun {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-updatable-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: file) }
    let source = """
      import BatonStore
      import StoreTestOperations

      func rename(_ records: inout RecordUpdater) {
        records.update(StoreTests.CharacterEditor.Updatable.self, at: "Character:1") { character in
          character.\(field) = "Rick Prime"
        }
      }

      """
    try source.write(to: file, atomically: true, encoding: .utf8)
    return try await BuiltModules.typecheck([file])
  }
}
