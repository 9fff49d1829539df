import BatonNormalizer

/// Where a `Persistence` tells the environment's log what it left out of an image, as
/// `imageValueDropped` events: a value it cannot hold costs that value, never the image.
public struct PersistenceEvents: Sendable {
  let log: EnvironmentLog

  /// Logs that the field `field` of `record` was left out, for `reason`; the record's
  /// other fields were kept, and a read of that field finds it missing.
  public func droppedField(_ field: String, of record: RecordID, reason: String) {
    log.record(LogEvent(.imageValueDropped(reason), record: record, field: field))
  }

  /// Logs that the operation `name` was left out, for `reason` (its variables or errors).
  public func droppedOperation(named name: String, reason: String) {
    log.record(LogEvent(.imageValueDropped(reason), owner: .operation(name)))
  }

  /// Logs that part of the stored image is damaged, and what it costs (records that then
  /// read as missing, and heal as missing data does); the rest of the image is kept.
  public func damaged(_ reason: String) {
    log.record(LogEvent(.imageDamaged(reason)))
  }

  /// Logs that the outbox entry `id` was left out, for `reason` (its variables or its
  /// optimistic layer): it is not replayed at the next launch.
  public func droppedOutboxEntry(_ id: String, reason: String) {
    log.record(LogEvent(.imageValueDropped("outbox entry \(id): \(reason)")))
  }
}
