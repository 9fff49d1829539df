/// What an operation under `@catch` read: its data, or the field errors (and
/// `@required(action: THROW)` nulls) the catch met, which generated `makeData` turns into a
/// `Result`, or `nil` for `to: NULL`. The same from cache as from network: the errors are
/// read from beside the fields they were stored with.
public enum CaughtOperation: Sendable, Hashable {
  /// The read met no error the catch caught: the operation's root object.
  case data(DataObject)
  /// What the catch caught, in the order the read met it.
  case caught([FieldError])
}

extension DataObject {
  /// The root a read of an operation under `@catch` gives: one slot, holding the data
  /// read, or the errors caught. `nil` when there is neither (the root record is missing).
  static func caughtOperation(_ data: DataObject?, caught: [FieldError], root: RecordID) -> DataObject? {
    if !caught.isEmpty { return DataObject(typename: data?.typename ?? "", id: root, fields: [.caught(caught)]) }
    guard let data else { return nil }
    return DataObject(typename: data.typename, id: data.id, fields: [.object(data)])
  }

  /// The data or the caught errors of a root read for an operation under `@catch`. A root
  /// of another shape reads as an object without fields, never a trap.
  public var caughtOperation: CaughtOperation {
    switch self[0] {
    case .caught(let errors): .caught(errors)
    case .object(let data): .data(data)
    default: .data(.placeholder)
    }
  }
}
