import BatonNormalizer
import BatonStore
import Foundation

/// The states the change-log crash harness saves: state `n` is a store of some hundreds of
/// items of which each save writes a few and removes or brings back a few, so most saves
/// append a small frame and some compact the log. Every state follows from `n` alone, so
/// whatever a load finds after a crash can be checked against the state it claims to be.
public enum ChangingCrashImage {
  static let items = 400
  /// Each save writes the items whose index is the generation modulo this.
  static let stride = 50

  public static func make(generation: Int) -> StoreImage {
    let root = RecordID.root
    var records: [StoreRecord] = []
    var seen: Set<RecordID> = [root]
    var links: [RecordValue] = []
    for index in 0..<items where isPresent(index, generation) {
      let id = RecordID("Item:\(index)")
      seen.insert(id)
      links.append(.link(id))
      let touched = lastTouch(of: index, by: generation)
      var fields: [String: RecordField] = [
        "id": RecordField(.scalar(.string(String(index)))),
        "touched": RecordField(.scalar(.number(String(touched)))),
        "title": RecordField(.scalar(.string("item \(index) written by \(touched) — é"))),
      ]
      if index % 7 == 0 {
        fields["author"] = RecordField(.null, errors: [FieldError(message: "author \(index) failed in \(touched)", path: [.key("login")])])
      }
      records.append(StoreRecord(id: id, typename: "Item", fields: fields))
    }
    records.append(
      StoreRecord(
        id: root, typename: "Query",
        fields: ["generation": RecordField(.scalar(.number(String(generation)))), "items": RecordField(.list(links))]))
    let operations = [
      OperationImage(operationID: "crash", name: "CrashQuery", seenRecords: seen),
      OperationImage(
        operationID: "changing", name: "ChangingQuery", variables: ["page": .number(String(generation % 3))],
        fetchedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)), isMarkedStale: generation % 2 == 1,
        seenRecords: [root]),
    ]
    let outbox = [
      OutboxEntry(
        id: "changing-\(generation)", operationID: "rename", operationName: "RenameItem",
        document: "mutation RenameItem($id: ID!, $title: String!) { renameItem(id: $id, title: $title) { id title } }",
        variables: ["id": .string("1"), "title": .string("renamed in \(generation)")],
        optimisticRecords: RecordSource([
          StoreRecord(id: "Item:1", typename: "Item", fields: ["title": RecordField(.scalar(.string("renamed in \(generation)")))])
        ]))
    ]
    return StoreImage(records: RecordSource(records), operations: operations, outbox: outbox)
  }

  /// The change from state `generation - 1` to state `generation`.
  public static func change(to generation: Int) -> ImageChange {
    let before = make(generation: generation - 1)
    let after = make(generation: generation)
    var written: Set<RecordID> = []
    for record in after.records.records.values where before.records[record.id] != record { written.insert(record.id) }
    let removed = Set(before.records.records.keys.filter { after.records[$0] == nil })
    return ImageChange(image: after, writtenRecords: written, removedRecords: removed)
  }

  /// The generation a state says it is, read from its root record.
  public static func generation(of image: StoreImage) -> Int? {
    CrashImage.generation(of: image)
  }

  /// A few items are absent at a time, a different few every 25 generations.
  static func isPresent(_ index: Int, _ generation: Int) -> Bool {
    (index + generation / 25) % 40 != 0
  }

  /// The last generation up to `generation` that wrote item `index`.
  static func lastTouch(of index: Int, by generation: Int) -> Int {
    generation - ((generation - index % stride) % stride + stride) % stride
  }
}
