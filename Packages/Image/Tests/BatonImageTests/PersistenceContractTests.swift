@_spi(Development) import BatonNormalizer
import BatonImage
import BatonTesting
import Foundation
import Testing

@testable import BatonStore

/// What the store counts on from any `Persistence` (ARCHITECTURE.md, "The store"), run
/// over `FileImage` and over `MemoryPersistence`: a team's own implementation joins by
/// adding a `PersistenceKind`.
///
/// The contract: nothing loads before anything is saved; a saved image loads back whole
/// (records with their errors, operations with variables, errors, fetch times and
/// staleness, the outbox) in the next launch, once flushed; of saves in a row the latest is
/// what loads; `erase()` leaves no image, not even one saved and not yet written; a value an
/// implementation cannot hold is either kept or left out alone and reported once.
@Suite struct PersistenceContractTests {
  @Test(arguments: PersistenceKind.all) func nothingLoadsBeforeASave(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    #expect(try storage.open().load() == nil)
  }

  @Test(arguments: PersistenceKind.all) func aFlushedImageLoadsBackWholeAtTheNextLaunch(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    try persistence.save(SampleImages.everyKind())
    persistence.flush()
    #expect(try storage.open().load() == SampleImages.everyKind())
  }

  @Test(arguments: PersistenceKind.all) func flushWritesTheLatestSaveBeforeItReturns(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    try persistence.save(SampleImages.everyKind())
    persistence.flush()
    var changed = SampleImages.everyKind()
    changed.operations[0].isMarkedStale = true
    changed.records.merge(StoreRecord(id: "User:2", fields: ["login": RecordField(.scalar("hubot"))]))
    try persistence.save(changed)
    persistence.flush()
    #expect(try storage.open().load() == changed)
  }

  @Test(arguments: PersistenceKind.all) func ofSavesInARowTheLatestLoads(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    var latest = SampleImages.everyKind()
    for index in 0..<50 {
      latest.operations[0].name = "UserQuery\(index)"
      latest.outbox.removeAll { $0.id == "client-2" && index.isMultiple(of: 2) }
      try persistence.save(latest)
    }
    persistence.flush()
    #expect(try storage.open().load() == latest)
  }

  @Test(arguments: PersistenceKind.all) func eraseLeavesNoImage(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    try persistence.save(SampleImages.everyKind())
    persistence.flush()
    try persistence.erase()
    #expect(Self.isEmpty(try storage.open().load()))
  }

  @Test(arguments: PersistenceKind.all) func eraseDropsASaveNotYetWrittenAndLaterSavesStillLoad(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    try persistence.save(SampleImages.everyKind())
    try persistence.erase()
    persistence.flush()
    #expect(Self.isEmpty(try storage.open().load()))

    let after = StoreImage(
      records: RecordSource([StoreRecord(id: .root, typename: "Query", fields: ["ping": RecordField(.scalar("pong"))])]),
      operations: [OperationImage(operationID: "dd", name: "Ping", seenRecords: [.root])])
    try persistence.save(after)
    persistence.flush()
    #expect(try storage.open().load() == after)
  }

  /// A value nesting deeper than responses may (a local write can make one): kept whole, or
  /// left out with its field alone and reported once, the rest of the image loading.
  @Test(arguments: PersistenceKind.all) func aValueItCannotHoldIsKeptOrLeftOutAloneAndReported(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let persistence = try storage.open()
    let log = EnvironmentLog()
    persistence.report(to: PersistenceEvents(log: log))
    var image = SampleImages.everyKind()
    let deep = RecordField(.scalar(DeepValues.json(depth: JSONReader.defaultDepthLimit + 1)))
    image.records.merge(StoreRecord(id: "User:1", fields: ["deep": deep]))
    try persistence.save(image)
    persistence.flush()
    try persistence.save(image)
    persistence.flush()

    let loaded = try #require(try storage.open().load())
    let drops = log.events.filter { if case .imageValueDropped = $0.kind { true } else { false } }
    if loaded == image {
      #expect(drops.isEmpty)
    } else {
      #expect(loaded == SampleImages.everyKind())
      #expect(drops.count == 1)
      #expect(drops.first?.record == "User:1")
      #expect(drops.first?.field == "deep")
    }
  }

  private static func isEmpty(_ image: StoreImage?) -> Bool {
    guard let image else { return true }
    return image.records.isEmpty && image.operations.isEmpty && image.outbox.isEmpty
  }
}

/// A `Persistence` implementation the contract runs over: each `storage()` is fresh
/// storage of its own, which every `open()` reaches as the next launch would.
struct PersistenceKind: Sendable, CustomTestStringConvertible {
  let testDescription: String
  /// Whether it keeps records no operation reaches (a file leaves them out).
  var keepsEverything = false
  let storage: @Sendable () throws -> PersistenceStorage

  static let all = [
    PersistenceKind(testDescription: "FileImage") {
      let directory = try TemporaryDirectory()
      let url = directory.url.appendingPathComponent("store.image")
      // A debounce no test waits out: only flush() writes.
      return PersistenceStorage(keeping: directory) { try FileImage(at: url, debounce: .seconds(600)) }
    },
    PersistenceKind(testDescription: "MemoryPersistence", keepsEverything: true) {
      let persistence = MemoryPersistence()
      return PersistenceStorage { persistence }
    },
  ]
}

/// One test's storage: `open()` makes the persistence a launch would make over it.
final class PersistenceStorage {
  /// What the storage lives in (a directory), removed with it.
  private let kept: AnyObject?
  let open: () throws -> any Persistence

  init(keeping kept: AnyObject? = nil, open: @escaping () throws -> any Persistence) {
    self.kept = kept
    self.open = open
  }
}
