import BatonNormalizer

/// What the store hands to `Persistence` with each change: the image as it is now, and
/// which of its records changed since the change it handed over before.
///
/// The record sets are cumulative since the last change actually handed over: when a newer
/// change is handed over first and an older one is skipped, the newer one's sets include
/// the older one's, so applying each change handed over to what the one before left gives
/// `image`'s records. After `erase()` they start over from an empty image. The operations,
/// the outbox and the field ages are small and come whole, in `image`.
///
/// A persistence that writes whole images reads `image` alone; one that writes what
/// changed writes `writtenRecords` (each as `image.records` holds it now) and removes
/// `removedRecords`.
public struct ImageChange: Sendable, Hashable {
  /// The whole image after the change: its records are shared copy-on-write, so it costs
  /// nothing to hand over.
  public var image: StoreImage
  /// The records written since the change handed over before, each in `image.records`.
  public var writtenRecords: Set<RecordID>
  /// The records removed (collected, evicted, deleted) since the change handed over
  /// before, none of them in `image.records`.
  public var removedRecords: Set<RecordID>

  /// A change to `image` that wrote `writtenRecords` and removed `removedRecords`.
  public init(image: StoreImage, writtenRecords: Set<RecordID> = [], removedRecords: Set<RecordID> = []) {
    self.image = image
    self.writtenRecords = writtenRecords
    self.removedRecords = removedRecords
  }

  /// `previous` with this change applied: the changed records taken from `image`, the
  /// removed ones dropped, the operations, outbox and field ages replaced.
  /// - Complexity: O(changed records), plus a copy of `previous`'s record table when
  ///   another value shares it.
  public func applied(to previous: StoreImage) -> StoreImage {
    var records = previous.records
    for id in removedRecords { records.remove(id) }
    for id in writtenRecords {
      records.remove(id)
      if let record = image.records[id] { records.merge(record) }
    }
    return StoreImage(records: records, operations: image.operations, outbox: image.outbox, fieldAges: image.fieldAges)
  }
}
