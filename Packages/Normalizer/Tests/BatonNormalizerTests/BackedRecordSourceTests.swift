import BatonNormalizer
import Testing

/// A backing that counts the records it is asked for.
final class CountingBacking: RecordBacking {
  private let records: [RecordID: StoreRecord]
  private let reads = Locked<[RecordID]>([])

  init(_ records: [StoreRecord]) {
    self.records = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
  }

  var readIDs: [RecordID] { reads.withLock { $0 } }
  var count: Int { records.count }
  func contains(_ id: RecordID) -> Bool { records[id] != nil }

  func record(_ id: RecordID) -> StoreRecord? {
    reads.withLock { $0.append(id) }
    return records[id]
  }

  func forEachID(_ body: (RecordID) -> Void) {
    for id in records.keys { body(id) }
  }
}

@Suite struct BackedRecordSourceTests {
  static let stored = [
    StoreRecord(id: .root, fields: ["viewer": RecordField(.link("User:1"))]),
    StoreRecord(id: "User:1", typename: "User", fields: ["id": RecordField(.scalar("1")), "name": RecordField(.scalar("Ann"))]),
    StoreRecord(id: "User:2", typename: "User", fields: ["id": RecordField(.scalar("2"))]),
  ]

  @Test func aReadTakesOnlyTheRecordsItFollows() {
    let backing = CountingBacking(Self.stored)
    let source = RecordSource(backing: backing)
    #expect(source.count == 3)
    #expect(backing.readIDs.isEmpty)
    let operation = query("Q", [object("viewer", "User", keys: ["User": ["id"]], [scalar("id", "ID", [.nonNull]), scalar("name", "String")])])
    let result = read(source, operation: operation)
    #expect(result.events.isEmpty)
    #expect(result.data != nil)
    #expect(Set(backing.readIDs) == [.root, "User:1"])
  }

  @Test func writesAndRemovalsShadowTheBackingAndCountFollows() {
    let backing = CountingBacking(Self.stored)
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
    var backed = RecordSource(backing: CountingBacking(Self.stored))
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
    let old = RecordSource(backing: CountingBacking(Self.stored))
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
