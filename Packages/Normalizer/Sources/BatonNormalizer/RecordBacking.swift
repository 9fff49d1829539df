/// Records a `RecordSource` reads on demand instead of holding: what a persistence that
/// keeps a large store on disk hands over at load, so that opening the store costs an
/// index, not its records.
///
/// A backing never changes after it is made: writes and removals go to the source over it,
/// which shadows its records. It is read from any thread, with or without the store's lock.
public protocol RecordBacking: AnyObject, Sendable {
  /// How many records it holds.
  var count: Int { get }

  /// Whether it holds a record with this id; cheap, without reading the record.
  func contains(_ id: RecordID) -> Bool

  /// The record with this id, read from where the backing keeps it; `nil` when it holds
  /// none, or when the record cannot be read any more (the backing reports why, and the
  /// record then reads as missing and heals as missing data does).
  func record(_ id: RecordID) -> StoreRecord?

  /// Calls `body` with every id it holds, in no particular order, without reading the
  /// records.
  func forEachID(_ body: (RecordID) -> Void)

  /// An estimate of its records' bytes as the store's byte budget counts them
  /// (`StoreRecord.estimatedBytes`), without reading them; `nil` when it cannot tell, and
  /// an environment with a budget then reads every record at launch to measure it.
  var estimatedBytes: Int? { get }
}

extension RecordBacking {
  /// No estimate: the budget measures every record.
  public var estimatedBytes: Int? { nil }
}
