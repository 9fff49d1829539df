import BatonNormalizer
import BatonStore
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// A store loaded from records read on demand (`RecordSource(backing:)`, what a large
/// image hands over) reads none of them to open, only those a read follows, and collects
/// garbage without reading them.
@Suite struct OnDemandLoadTests {
  /// The records of an image, counting which are read.
  final class CountingBacking: RecordBacking {
    private let records: [RecordID: StoreRecord]
    private let reads = Locked<[RecordID]>([])
    let estimatedBytes: Int?

    init(_ records: [RecordID: StoreRecord]) {
      self.records = records
      estimatedBytes = records.values.reduce(0) { $0 + $1.estimatedBytes }
    }

    private let lookups = Locked(0)

    var readIDs: [RecordID] { reads.withLock { $0 } }
    /// How many times `contains` was asked.
    var lookupCount: Int { lookups.withLock { $0 } }
    var count: Int { records.count }

    func contains(_ id: RecordID) -> Bool {
      lookups.withLock { $0 += 1 }
      return records[id] != nil
    }

    func record(_ id: RecordID) -> StoreRecord? {
      reads.withLock { $0.append(id) }
      return records[id]
    }

    func forEachID(_ body: (RecordID) -> Void) {
      for id in records.keys { body(id) }
    }
  }

  /// Hands over `image` with its records and seen records read on demand, counting both.
  final class CountingPersistence: Persistence {
    let backing: CountingBacking
    private let image: StoreImage
    let seenReads = Locked(0)

    init(_ image: StoreImage) {
      self.image = image
      backing = CountingBacking(image.records.records)
    }

    func load() -> StoreImage? {
      var loaded = image
      loaded.records = RecordSource(backing: backing)
      loaded.operations = image.operations.map { operation in
        let seen = operation.seenRecords
        return OperationImage(
          operationID: operation.operationID, name: operation.name, variables: operation.variables,
          fetchedAt: operation.fetchedAt, seenRecordsOnDemand: { [seenReads] in
            seenReads.withLock { $0 += 1 }
            return seen
          })
      }
      return loaded
    }

    func save(_ image: StoreImage) {}
    func flush() {}
  }

  /// An image of `count` characters, each fetched by its own operation.
  static func image(of count: Int) async throws -> StoreImage {
    let transport = ScriptedTransport()
    let persistence = MemoryPersistence()
    let environment = GraphQLEnvironment(transport: transport, persistence: persistence, releaseBufferSize: 1_000)
    for id in 1...count {
      _ = try await BudgetTests.fetch(id, in: environment, transport: transport)
    }
    try await BudgetTests.released(environment)
    environment.flush()
    return try #require(persistence.image)
  }

  @Test func openingReadsNoRecordAndTheFirstReadOnlyWhatItFollows() async throws {
    let image = try await Self.image(of: 30)
    let persistence = CountingPersistence(image)
    let environment = GraphQLEnvironment(transport: ScriptedTransport(), persistence: persistence, releaseBufferSize: 1_000)
    #expect(persistence.backing.readIDs.isEmpty)
    #expect(persistence.seenReads.withLock { $0 } == 0)
    #expect(environment.records.count == image.records.count)

    let handle = environment.watch(CharacterDetail(id: "7"), policy: .storeOnly)
    #expect(handle.phase.data?.character?.name == BudgetTests.name(of: 7))
    #expect(Set(persistence.backing.readIDs).isSubset(of: [.root, "Character:7"]), "\(persistence.backing.readIDs)")
    #expect(persistence.seenReads.withLock { $0 } <= 1)
  }

  /// A record removed and written again whole, as a change log's replay writes each record
  /// over the image, asks the backing once whether it holds the id and reads nothing.
  @Test func aRecordRemovedAndWrittenAgainAsksTheBackingOnce() {
    let stored = StoreRecord(id: "Character:1", typename: "Character", fields: ["name": RecordField(.scalar("Rick"))])
    let backing = CountingBacking([stored.id: stored, "Character:2": StoreRecord(id: "Character:2")])
    var source = RecordSource(backing: backing)
    let written = StoreRecord(id: stored.id, typename: "Character", fields: ["name": RecordField(.scalar("Morty"))])
    source.remove(stored.id)
    source.merge(written)
    #expect(backing.lookupCount == 1)
    #expect(backing.readIDs.isEmpty)
    #expect(source[stored.id] == written)
    #expect(source.count == 2)
    source.remove(stored.id)
    #expect(backing.lookupCount == 1)
    #expect(source.count == 1 && source[stored.id] == nil)
  }

  @Test func collectingGarbageReadsNoRecord() async throws {
    let image = try await Self.image(of: 30)
    let persistence = CountingPersistence(image)
    let transport = ScriptedTransport()
    let environment = GraphQLEnvironment(transport: transport, persistence: persistence, releaseBufferSize: 30)
    for id in 31...35 {
      _ = try await BudgetTests.fetch(id, in: environment, transport: transport)
    }
    try await BudgetTests.released(environment)
    // The five oldest operations went with their characters; none was read to find that.
    try await eventually("the oldest operations collected") { environment.records["Character:5"] == nil }
    #expect(environment.records["Character:1"] == nil)
    #expect(environment.records["Character:6"] != nil)
    #expect(environment.records.count == image.records.count)
    // Asked for: the root (written by each fetch), Character:6 (looked at above) and the new
    // characters (asked for before they were written, and not there).
    let read = Set(persistence.backing.readIDs).filter { image.records[$0] != nil }.subtracting([.root, "Character:6"])
    #expect(read.isEmpty, "\(read)")
  }

  @Test func aBudgetOverRecordsOnDiskReadsNoneToOpenAndEvictsTheLeastRecentlyUsed() async throws {
    let image = try await Self.image(of: 30)
    let persistence = CountingPersistence(image)
    let character = try #require(image.records["Character:1"]).estimatedBytes
    let maximumBytes = try #require(persistence.backing.estimatedBytes) + 10 * character
    let transport = ScriptedTransport()
    let environment = GraphQLEnvironment(
      transport: transport, persistence: persistence, releaseBufferSize: 1_000, maximumBytes: maximumBytes)
    #expect(persistence.backing.readIDs.isEmpty)
    #expect(persistence.seenReads.withLock { $0 } == 0)
    #expect(environment.budget.bytes <= maximumBytes)

    for id in 31...50 {
      _ = try await BudgetTests.fetch(id, in: environment, transport: transport)
    }
    try await BudgetTests.released(environment)
    try await eventually("the store within its budget") { environment.budget.bytes <= maximumBytes }
    #expect(environment.budget.evictedRecords > 0)
    // Chosen and collected by id: none of the characters on disk was read to go.
    let read = Set(persistence.backing.readIDs).filter { image.records[$0] != nil }.subtracting([.root])
    #expect(read.isEmpty, "\(read)")
    // The image's least recently used operations went first, the new characters stayed.
    #expect(environment.records["Character:1"] == nil)
    #expect(environment.records["Character:50"] != nil)
  }
}
