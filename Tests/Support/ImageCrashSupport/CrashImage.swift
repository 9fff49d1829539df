import BatonNormalizer
import BatonStore
import Foundation

/// The images the crash harness writes: generation `n` is a store of some hundreds of
/// records and two outbox entries that all say `n`, so a file read after a crash can be
/// checked against the image it claims to be, field by field.
public enum CrashImage {
  public static func make(generation: Int) -> StoreImage {
    let count = 300 + generation % 200
    let root = RecordID.root
    var records: [StoreRecord] = []
    var seen: Set<RecordID> = [root]
    var links: [RecordValue] = []
    for index in 0..<count {
      let id = RecordID("Item:\(index)")
      seen.insert(id)
      links.append(.link(id))
      var fields: [String: RecordField] = [
        "id": RecordField(.scalar(.string(String(index)))),
        "generation": RecordField(.scalar(.number(String(generation)))),
        "title": RecordField(.scalar(.string("item \(index) of generation \(generation) — é"))),
      ]
      if index % 7 == 0 {
        fields["author"] = RecordField(
          .null, errors: [FieldError(message: "author \(index) failed in \(generation)", path: [.key("login")])])
      }
      records.append(StoreRecord(id: id, typename: "Item", fields: fields))
    }
    records.append(
      StoreRecord(
        id: root, typename: "Query",
        fields: [
          "generation": RecordField(.scalar(.number(String(generation)))),
          "items": RecordField(.list(links)),
        ]))
    let operation = OperationImage(
      operationID: "crash", name: "CrashQuery", variables: ["generation": .number(String(generation))],
      fetchedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)), isMarkedStale: generation % 2 == 1,
      seenRecords: seen)
    let outbox = (0..<2).map { index in
      OutboxEntry(
        id: "crash-\(generation)-\(index)", operationID: "rename", operationName: "RenameItem",
        document: "mutation RenameItem($id: ID!, $title: String!) { renameItem(id: $id, title: $title) { id title } }",
        variables: ["id": .string(String(index)), "title": .string("renamed in \(generation)")],
        optimisticRecords: RecordSource([
          StoreRecord(
            id: RecordID("Item:\(index)"), typename: "Item",
            fields: ["title": RecordField(.scalar(.string("renamed in \(generation)")))])
        ]))
    }
    return StoreImage(records: RecordSource(records), operations: [operation], outbox: outbox)
  }

  /// The generation an image says it is, read from its root record.
  public static func generation(of image: StoreImage) -> Int? {
    guard case .scalar(let value)? = image.records[RecordID.root]?["generation"]?.value else { return nil }
    return value.intValue
  }
}
