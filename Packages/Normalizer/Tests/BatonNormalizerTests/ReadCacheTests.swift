import BatonNormalizer
import Testing

/// A read reusing the list items of the read before (`ReadCache`) gives exactly what a read
/// from scratch gives — data, seen records, events, failure — whatever changed in between,
/// as long as it is told which records changed; and the changes it tells of the seen
/// records, applied to the last read's, give this read's.
@Suite struct ReadCacheTests {
  static let operation = query("Items", [
    object("items", "Item", [.nonNull, .nonNull], keys: ["Item": ["id"]], [
      scalar("id", "ID", [.nonNull]), scalar("name", "String", [.nonNull]),
      object("owner", "User", keys: ["User": ["id"]], [scalar("name")]),
    ]),
  ])
  static let halting = query("Items", onError: .halt, operation.selections)

  static func item(_ n: Int, name: String? = nil, owner: Int = 1) -> StoreRecord {
    StoreRecord(id: RecordID("Item:\(n)"), typename: "Item", fields: [
      "id": RecordField(.scalar(.string("\(n)"))), "name": RecordField(.scalar(.string(name ?? "Item \(n)"))),
      "owner": RecordField(.link(RecordID("User:\(owner)"))),
    ])
  }

  static func list(_ ids: [Int]) -> StoreRecord {
    StoreRecord(id: .root, fields: ["items": RecordField(.list(ids.map { .link(RecordID("Item:\($0)")) }))])
  }

  static func user(_ n: Int, name: String) -> StoreRecord {
    StoreRecord(id: RecordID("User:\(n)"), typename: "User", fields: ["name": RecordField(.scalar(.string(name)))])
  }

  /// A store and a cache kept in step with it as the store keeps a handle's: a write that
  /// changed a record the last read saw tells the cache everything it changed, any other
  /// write tells it nothing. Every read is checked against a read without the cache.
  struct Harness {
    var source: RecordSource
    var cache = ReadCache()
    let operation: OperationDescriptor
    var lastSeen: Set<RecordID> = []
    /// The seen records as an owner keeps them: set whole when the cache cannot tell the
    /// changes, else changed by them.
    var kept: Set<RecordID> = []
    var previousOwn: Set<RecordID>?
    /// The changes the last read told, `nil` when it told the whole set.
    var lastChanges: [(record: RecordID, seen: Bool)]?

    init(_ records: [StoreRecord], operation: OperationDescriptor = ReadCacheTests.operation) {
      source = RecordSource(records)
      self.operation = operation
      // The first read notes the lists, the second keeps their items.
      _ = read()
      _ = read()
    }

    mutating func write(_ records: StoreRecord...) {
      write(contentsOf: records)
    }

    mutating func write(contentsOf records: [StoreRecord]) {
      for record in records { source.merge(record) }
      tell(Set(records.map(\.id)))
    }

    mutating func remove(_ id: RecordID) {
      source.remove(id)
      tell([id])
    }

    private mutating func tell(_ changed: Set<RecordID>) {
      if !changed.isDisjoint(with: lastSeen) { cache.invalidate(changed) }
    }

    /// The cached read, after checking it is the read from scratch.
    mutating func read(sourceLocation: SourceLocation = #_sourceLocation) -> ReadResult {
      var cached = BatonNormalizer.read(source, operation: operation, variables: [:], at: .root, cache: &cache)
      let own = cached.seenRecords
      cached.seenRecords = cache.allSeen(joining: own)
      let fresh = BatonNormalizer.read(source, operation: operation)
      #expect(cached == fresh, sourceLocation: sourceLocation)
      lastChanges = cache.seenChanges(own: own, previousOwn: previousOwn)
      if let lastChanges {
        for (record, seen) in lastChanges {
          if seen { kept.insert(record) } else { kept.remove(record) }
        }
      } else {
        kept = cached.seenRecords
      }
      previousOwn = own
      #expect(kept == fresh.seenRecords, sourceLocation: sourceLocation)
      lastSeen = cached.seenRecords
      for event in cached.events where event.field == nil { lastSeen.insert(event.record) }
      return cached
    }
  }

  static func names(_ result: ReadResult) -> [String] {
    let items = result.data?.value("items", in: operation.selections).listValue ?? []
    return items.map { $0.objectValue?[2].stringValue ?? "?" }
  }

  @Test func itemsAddedAfterOrBeforeAreReadAndTheOthersReused() {
    var store = Harness([Self.list([1, 2, 3]), Self.item(1), Self.item(2), Self.item(3), Self.user(1, name: "Ada")])
    store.write(Self.list([1, 2, 3, 4, 5]), Self.item(4), Self.item(5))
    #expect(Self.names(store.read()) == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
    store.write(Self.list([0, 1, 2, 3, 4, 5]), Self.item(0))
    #expect(Self.names(store.read()) == ["Item 0", "Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
  }

  /// An owner keeping the seen records changes them by the records of the items read,
  /// whether the list grew or shrank, not by every item's.
  @Test func aListThatGrewTellsTheNewItemsRecordsAsTheChange() {
    let ids = Array(1...100)
    var store = Harness([Self.list(ids), Self.user(1, name: "Ada")] + ids.map { Self.item($0) })
    #expect(store.lastChanges == nil)
    store.write(Self.list(ids + [101]), Self.item(101))
    _ = store.read()
    store.write(Self.list(ids + [101, 102, 103]), Self.item(102), Self.item(103))
    #expect(Self.names(store.read()).suffix(2) == ["Item 102", "Item 103"])
    let changes = store.lastChanges ?? []
    #expect(changes.count < 10)
    #expect(changes.contains { $0.record == "Item:103" && $0.seen })
    store.write(Self.list(ids))
    _ = store.read()
    #expect(store.lastChanges?.contains { $0.record == "Item:103" && !$0.seen } == true)
  }

  /// A read that reads every item anew (a list replaced whole, as a first fetch fills it)
  /// tells the whole set: its changes would be as many as its records, in a second table.
  @Test func aListReadWholeAgainTellsTheWholeSet() {
    var store = Harness([Self.list([1]), Self.item(1), Self.user(1, name: "Ada")])
    let ids = Array(2...50)
    store.write(contentsOf: [Self.list(ids)] + ids.map { Self.item($0, owner: $0) } + ids.map { Self.user($0, name: "U\($0)") })
    #expect(Self.names(store.read()).count == ids.count)
    #expect(store.lastChanges == nil)
    store.write(Self.list(ids + [51]), Self.item(51, owner: 2))
    _ = store.read()
    #expect(store.lastChanges?.contains { $0.record == "Item:51" && $0.seen } == true)
  }

  @Test func aChangedItemOrNestedRecordIsReadAgain() {
    var store = Harness([Self.list([1, 2]), Self.item(1), Self.item(2, owner: 2), Self.user(1, name: "Ada"), Self.user(2, name: "Bo")])
    store.write(Self.item(2, name: "Renamed", owner: 2))
    #expect(Self.names(store.read()) == ["Item 1", "Renamed"])
    store.write(Self.user(2, name: "Cy"))
    let owner = store.read().data?.value("items", in: Self.operation.selections).listValue?[1].objectValue?[3]
    #expect(owner?.objectValue?[1].stringValue == "Cy")
  }

  /// The first read of a list keeps nothing of it: a change the cache is not told about
  /// shows at the next read, which keeps the items; from then on they are reused.
  @Test func aListIsKeptFromTheSecondReadThatMeetsItOn() {
    var source = RecordSource([Self.list([1, 2]), Self.item(1), Self.item(2), Self.user(1, name: "Ada")])
    var cache = ReadCache()
    func cachedNames() -> [String] {
      Self.names(BatonNormalizer.read(source, operation: Self.operation, variables: [:], at: .root, cache: &cache))
    }
    #expect(cachedNames() == ["Item 1", "Item 2"])
    source.merge(Self.item(2, name: "Unannounced"))
    #expect(cachedNames() == ["Item 1", "Unannounced"])
    source.merge(Self.item(2, name: "Unannounced again"))
    #expect(cachedNames() == ["Item 1", "Unannounced"])
  }

  /// The cache is used: an item whose change the cache is not told about reads as before.
  @Test func anItemTheCacheIsNotToldAboutIsReused() {
    var store = Harness([Self.list([1, 2]), Self.item(1), Self.item(2), Self.user(1, name: "Ada")])
    store.source.merge(Self.item(2, name: "Unannounced"))
    let cached = BatonNormalizer.read(store.source, operation: Self.operation, variables: [:], at: .root, cache: &store.cache)
    #expect(Self.names(cached) == ["Item 1", "Item 2"])
    #expect(Self.names(BatonNormalizer.read(store.source, operation: Self.operation)) == ["Item 1", "Unannounced"])
  }

  /// A list the last read did not reach (its parent no longer linked) is dropped: changes
  /// to its items were not told, since no read saw them.
  @Test func aListTheLastReadDidNotReachIsReadAgain() {
    let operation = query("Viewer", [object("viewer", "User", keys: ["User": ["id"]], Self.operation.selections)])
    func viewer(_ n: Int) -> StoreRecord {
      StoreRecord(id: .root, fields: ["viewer": RecordField(.link(RecordID("User:\(n)")))])
    }
    var first = Self.list([1])
    first = StoreRecord(id: "User:1", typename: "User", fields: first.fields)
    var second = Self.list([2])
    second = StoreRecord(id: "User:2", typename: "User", fields: second.fields)
    var store = Harness(
      [viewer(1), first, second, Self.item(1), Self.item(2), Self.user(1, name: "Ada")], operation: operation)
    store.write(viewer(2))
    _ = store.read()
    store.write(Self.item(1, name: "Renamed while unseen"))
    store.write(viewer(1))
    _ = store.read()
  }

  /// A long list stored in chunks (pages appended to it share the chunks before them): the
  /// pages are read alone, and an item replaced in a chunk or one removed reads as from
  /// scratch.
  @Test func pagesAppendedToAChunkedListAndItemsReplacedInItReadAsFromScratch() {
    func record(_ list: RecordList) -> StoreRecord {
      StoreRecord(id: .root, fields: ["items": RecordField(.list(list))])
    }
    func links(_ ids: some Sequence<Int>) -> [RecordValue] { ids.map { .link(RecordID("Item:\($0)")) } }
    var list = RecordList(links(1...100))
    var store = Harness([record(list), Self.user(1, name: "Ada")] + (1...100).map { Self.item($0) })
    for start in stride(from: 101, to: 400, by: 50) {
      list.append(contentsOf: links(start..<start + 50))
      store.write(record(list))
      store.write(contentsOf: (start..<start + 50).map { Self.item($0) })
      #expect(Self.names(store.read()).last == "Item \(start + 49)")
      // The page's records, not the list's (a whole list's would be three entries an item).
      #expect(store.lastChanges.map { $0.count < 300 } == true)
    }
    var replaced = Array(list)
    replaced[5] = .link("Item:399")
    replaced[300] = .link("Item:1")
    var edited = RecordList(Array(replaced[..<200]))
    edited.append(contentsOf: replaced[200...])
    store.write(record(edited))
    #expect(Self.names(store.read())[5] == "Item 399")
    edited.append(contentsOf: links([7]))
    store.write(record(RecordList(Array(edited.dropFirst()))))
    #expect(Self.names(store.read()).first == "Item 2")
  }

  /// A record every item saw (their owner) changes, then goes: every item is read again,
  /// and the items that leave the list stop counting it, one by one.
  @Test func aRecordManyItemsSawChangesAndLeavesWithThem() {
    let ids = Array(1...300)
    var store = Harness([Self.list(ids), Self.user(1, name: "Ada")] + ids.map { Self.item($0) })
    store.write(Self.user(1, name: "Bea"))
    let owner = store.read().data?.value("items", in: Self.operation.selections).listValue?[150].objectValue?[3]
    #expect(owner?.objectValue?[1].stringValue == "Bea")
    store.write(Self.list(Array(ids.prefix(1))))
    _ = store.read()
    store.write(Self.list([]))
    _ = store.read()
    #expect(store.lastChanges?.contains { $0.record == "User:1" && !$0.seen } == true)
  }

  @Test func removedItemsAndReorderedListsReadAsFromScratch() {
    var store = Harness([Self.list([1, 2, 3]), Self.item(1), Self.item(2), Self.item(3), Self.user(1, name: "Ada")])
    store.write(Self.list([3, 1]))
    #expect(Self.names(store.read()) == ["Item 3", "Item 1"])
    store.write(Self.list([1, 2, 3]))
    #expect(Self.names(store.read()) == ["Item 1", "Item 2", "Item 3"])
  }

  @Test func missingRecordsStayMissingUntilTheyArrive() {
    var store = Harness([Self.list([1, 2]), Self.item(1), Self.item(2), Self.user(1, name: "Ada")])
    store.remove("User:1")
    #expect(store.read().isMissingData)
    #expect(store.read().seenRecords.contains("Item:2"))
    store.remove("Item:2")
    let missing = store.read()
    #expect(missing.events.contains { $0.kind == .missing && $0.record == "Item:2" })
    store.write(Self.item(2), Self.user(1, name: "Ada"))
    #expect(!store.read().isMissingData)
  }

  @Test func fieldErrorsNullsAndFailuresReadAsFromScratch() {
    var store = Harness(
      [Self.list([1, 2]), Self.item(1), Self.item(2), Self.user(1, name: "Ada")], operation: Self.halting)
    var failing = Self.item(2)
    failing.fields["name"] = RecordField(.null, errors: [FieldError(message: "boom", path: [])])
    store.write(failing)
    #expect(store.read().failure != nil)
    #expect(store.read().failure != nil)
    store.write(Self.item(2))
    #expect(store.read().failure == nil)
    var null = Self.item(1)
    null.fields["id"] = RecordField(.null)
    store.write(null)
    #expect(!store.read().events.isEmpty)
  }

  /// An item's error nulls the non-null list and so the root; the items read before it
  /// still count as seen.
  @Test func aNullThatPropagatesOutOfTheListReadsAsFromScratch() {
    var store = Harness([Self.list([1, 2, 3]), Self.item(1), Self.item(2), Self.item(3), Self.user(1, name: "Ada")])
    var failing = Self.item(3)
    failing.fields["name"] = RecordField(.null, errors: [FieldError(message: "boom", path: [])])
    store.write(failing)
    let nulled = store.read()
    #expect(nulled.data == nil)
    #expect(nulled.seenRecords.isSuperset(of: ["Item:1", "Item:2", "User:1"]))
    store.write(Self.item(3))
    #expect(Self.names(store.read()) == ["Item 1", "Item 2", "Item 3"])
  }
}
