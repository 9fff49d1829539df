import BatonNormalizer
import Foundation

/// Everything the store keeps across a launch: the records with their errors, every
/// operation it knows with its variables, when it fetched and whether it is stale, and the
/// outbox's mutations still to be sent.
///
/// A plain value, so a `Persistence` implementation can encode it however it likes and a
/// test can compare two with `==`.
public struct StoreImage: Sendable, Hashable {
  /// The records, each field with the errors stored beside it.
  public var records: RecordSource
  /// The operations the store tracks, at most one per `OperationImage.key`, least
  /// recently used first: an environment that loads more than its release buffer holds
  /// keeps the last ones.
  public var operations: [OperationImage]
  /// The outbox's pending mutations, oldest first, each with its optimistic layer: they are
  /// replayed, in this order, by the environment that loads the image.
  public var outbox: [OutboxEntry]
  /// When each field with a max age was fetched, and its max age.
  public var fieldAges: FieldAges

  /// An image of `records`, `operations` (least recently used first), the pending
  /// `outbox` entries (oldest first) and the fetch times of fields with a max age.
  public init(
    records: RecordSource = RecordSource(), operations: [OperationImage] = [], outbox: [OutboxEntry] = [],
    fieldAges: FieldAges = FieldAges()
  ) {
    self.records = records
    self.operations = operations
    self.outbox = outbox
    self.fieldAges = fieldAges
  }
}
