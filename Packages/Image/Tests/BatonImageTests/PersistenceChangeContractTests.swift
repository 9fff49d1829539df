@_spi(Development) import BatonNormalizer
import BatonImage
import BatonTesting
import BatonTransport
import Foundation
import Testing

@testable import BatonStore

/// The contract's change path (`save(_ change:)`), over every `PersistenceKind`: whatever
/// sequence of changes a store hands over (records written and removed, operations and
/// outbox changing, older changes skipped for newer ones, erases), the next launch loads
/// the image of the last change, and a store over the persistence reloads as it was.
@Suite struct PersistenceChangeContractTests {
  /// A store as the contract sees it: the image now and the records written and removed
  /// since the last change handed over.
  struct Model {
    var image = StoreImage()
    var written: Set<RecordID> = []
    var removed: Set<RecordID> = []

    mutating func write(_ record: StoreRecord) {
      image.records.remove(record.id)
      image.records.merge(record)
      written.insert(record.id)
      removed.remove(record.id)
    }

    mutating func remove(_ id: RecordID) {
      image.records.remove(id)
      removed.insert(id)
      written.remove(id)
    }

    /// The change to hand over; the sets start again after it.
    mutating func take() -> ImageChange {
      defer {
        written = []
        removed = []
      }
      return ImageChange(image: image, writtenRecords: written, removedRecords: removed)
    }
  }

  @Test(arguments: PersistenceKind.all) func aSequenceOfChangesLoadsAsTheLastOneHandedOver(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    var persistence = try storage.open()
    var model = Model()
    var generator = SplitMix64(seed: 0x43_0001)
    for step in 0..<400 {
      let id = RecordID("Item:\(generator.next() % 40)")
      switch generator.next() % 10 {
      case 0, 1:
        model.remove(id)
      case 2:
        model.image.operations.append(
          OperationImage(operationID: "op", name: "Op", variables: ["step": .number(String(step))], seenRecords: [id]))
        if model.image.operations.count > 4 { model.image.operations.removeFirst() }
      case 3:
        model.image.outbox = step.isMultiple(of: 2) ? [] : SampleImages.everyKind().outbox
      default:
        var fields = ["name": RecordField(.scalar(.string("written at \(step)")))]
        if step.isMultiple(of: 3) { fields["link"] = RecordField(.link(RecordID("Item:\(generator.next() % 40)"))) }
        model.write(StoreRecord(id: id, typename: "Item", fields: fields))
      }
      // Every record stays reachable, so a whole write keeps what a frame would.
      model.image.operations.removeAll { $0.operationID == "all" }
      model.image.operations.append(
        OperationImage(operationID: "all", name: "All", seenRecords: Set(model.image.records.records.keys)))
      // Some changes are skipped: the next one handed over carries their records too.
      if generator.next() % 3 != 0 { try persistence.save(model.take()) }
      if generator.next() % 25 == 0 {
        try persistence.save(model.take())
        persistence.flush()
        persistence = try storage.open()
        Self.expect(try persistence.load(), equals: model.image, kind: kind, "step \(step)")
      }
      if generator.next() % 90 == 0 {
        try persistence.erase()
        model = Model()
      }
    }
    try persistence.save(model.take())
    persistence.flush()
    Self.expect(try storage.open().load(), equals: model.image, kind: kind, "the end")
  }

  /// A store that writes, evicts, relaunches and resets over the persistence: each launch
  /// loads what the store held when it was flushed (what an image file keeps of it: the
  /// records an operation reaches; all of it for a persistence that keeps everything).
  @Test(arguments: PersistenceKind.all) func aStoreOverItReloadsAsItWas(kind: PersistenceKind) throws {
    let storage = try kind.storage()
    let everything = OperationImage(
      operationID: "all", name: "All", seenRecords: Set((0..<30).map { RecordID("Item:\($0)") }))
    let seed = try storage.open()
    try seed.save(StoreImage(operations: [everything]))
    seed.flush()
    var environment = GraphQLEnvironment(transport: NoTransport(), persistence: try storage.open())
    var generator = SplitMix64(seed: 0x43_0002)
    for step in 0..<300 {
      let id = RecordID("Item:\(generator.next() % 30)")
      switch generator.next() % 20 {
      case 0..<3:
        environment.evict(record: id)
      case 3:
        environment.flush()
        try Self.expectReloads(environment, from: storage, kind: kind, "step \(step)")
        environment = GraphQLEnvironment(transport: NoTransport(), persistence: try storage.open())
      case 4 where step.isMultiple(of: 5):
        environment.reset()
      default:
        environment.commitUpdate { records in
          records.setValue(.scalar(.string("written at \(step)")), forKey: "name", on: id)
          if step.isMultiple(of: 4) { records.setValue(.link(RecordID("Item:\(generator.next() % 30)")), forKey: "next", on: id) }
        }
      }
    }
    environment.flush()
    try Self.expectReloads(environment, from: storage, kind: kind, "the end")
  }

  private static func expectReloads(
    _ environment: GraphQLEnvironment, from storage: PersistenceStorage, kind: PersistenceKind, _ comment: Comment
  ) throws {
    let store = environment.state.withLock {
      StoreImage(records: $0.base, operations: $0.operationsByUse, outbox: $0.outbox.pending, fieldAges: $0.fieldAges)
    }
    expect(try storage.open().load(), equals: store, kind: kind, comment)
  }

  /// `loaded` is `expected` as `kind` keeps it: whole, or without what no operation reaches.
  private static func expect(_ loaded: StoreImage?, equals expected: StoreImage, kind: PersistenceKind, _ comment: Comment) {
    let loaded = loaded ?? StoreImage()
    // Held in memory first: collecting over records read on demand leaves links to what it
    // collected, which a collection in memory drops.
    #expect(inMemory(loaded).collectingGarbage() == inMemory(expected).collectingGarbage(), comment)
    if kind.keepsEverything { #expect(loaded == expected, comment) }
  }

  private static func inMemory(_ image: StoreImage) -> StoreImage {
    var image = image
    image.records = RecordSource(records: image.records.records)
    return image
  }

  /// The environment never fetches.
  struct NoTransport: Transport {
    func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
      .payload { throw TransportError(.transport, "the contract does not fetch") }
    }
  }
}
