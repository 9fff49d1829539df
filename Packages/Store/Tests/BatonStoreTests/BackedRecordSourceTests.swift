import BatonNormalizer
import Testing

/// `RecordSource` over a backing: a lookup reads the one record asked for, and writes and
/// removals shadow the backing.
@Suite struct BackedRecordSourceTests {
  static let stored = [
    StoreRecord(id: .root, fields: ["viewer": RecordField(.link("User:1"))]),
    StoreRecord(id: "User:1", typename: "User", fields: ["id": RecordField(.scalar("1")), "name": RecordField(.scalar("Ann"))]),
    StoreRecord(id: "User:2", typename: "User", fields: ["id": RecordField(.scalar("2"))]),
  ]

  static func backing() -> OnDemandLoadTests.CountingBacking {
    OnDemandLoadTests.CountingBacking(Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) }))
  }

  @Test func aLookupReadsOnlyTheRecordItAsksFor() {
    let backing = Self.backing()
    let source = RecordSource(backing: backing)
    #expect(source.count == 3)
    #expect(source.contains("User:2"))
    #expect(!source.contains("User:3"))
    #expect(backing.readIDs.isEmpty)
    #expect(source["User:1"]?["name"] == RecordField(.scalar("Ann")))
    #expect(backing.readIDs == ["User:1"])
  }

  @Test func writesAndRemovalsShadowTheBackingAndCountFollows() {
    let backing = Self.backing()
    var source = RecordSource(backing: backing)
    source.merge(StoreRecord(id: "User:1", fields: ["name": RecordField(.scalar("Bea"))]))
    #expect(source["User:1"] == StoreRecord(id: "User:1", typename: "User", fields: ["id": RecordField(.scalar("1")), "name": RecordField(.scalar("Bea"))]))
    #expect(source.count == 3)
    source.remove("User:2")
    #expect(source["User:2"] == nil)
    #expect(!source.contains("User:2"))
    #expect(source.count == 2)
    source.merge(StoreRecord(id: "User:2", fields: ["id": RecordField(.scalar("two"))]))
    // A record written again after its removal starts empty: the backing's copy is gone.
    #expect(source["User:2"] == StoreRecord(id: "User:2", fields: ["id": RecordField(.scalar("two"))]))
    source.merge(StoreRecord(id: "User:3", typename: "User"))
    #expect(source.count == 4)
    var ids: [RecordID] = []
    source.forEachID { ids.append($0) }
    #expect(Set(ids) == [.root, "User:1", "User:2", "User:3"])
    #expect(ids.count == 4)
    #expect(source.records.count == 4)
  }

  @Test func aBackedSourceEqualsTheSameRecordsHeldInMemory() {
    var backed = RecordSource(backing: Self.backing())
    var held = RecordSource(Self.stored)
    #expect(backed == held)
    #expect(backed.hashValue == held.hashValue)
    backed.merge(StoreRecord(id: "User:2", fields: ["name": RecordField(.scalar("Cy"))]))
    #expect(backed != held)
    held.merge(StoreRecord(id: "User:2", fields: ["name": RecordField(.scalar("Cy"))]))
    #expect(backed == held)
    backed.remove(.root)
    #expect(backed != held)
  }

  @Test func changesSinceAnotherSourceOverTheSameBackingNameWhatDiffers() throws {
    let old = RecordSource(backing: Self.backing())
    var new = old
    new.remove("User:2")
    new.merge(StoreRecord(id: "User:1", fields: ["name": RecordField(.scalar("Bea"))]))
    new.merge(StoreRecord(id: "User:4"))
    let changes = try #require(new.changes(since: old))
    #expect(Set(changes.written) == ["User:1", "User:4"])
    #expect(changes.removed == ["User:2"])
    // Without a backing in common only comparing every record tells.
    #expect(RecordSource(Self.stored).changes(since: RecordSource(Self.stored)).map { _ in true } == nil)
  }
}
