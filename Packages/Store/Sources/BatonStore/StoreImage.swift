import BatonNormalizer
import Foundation

/// Everything the store keeps across a launch: the records with their errors, and every
/// operation it knows with its variables, when it fetched and whether it is stale.
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

  /// An image of `records` and `operations`, least recently used first.
  public init(records: RecordSource = RecordSource(), operations: [OperationImage] = []) {
    self.records = records
    self.operations = operations
  }
}
