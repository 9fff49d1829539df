import BatonNormalizer

extension StoreImage {
  /// The image without the records no operation can reach: what the store keeps after
  /// dropping an operation, and what an image file holds.
  ///
  /// An operation reaches the records its last read saw (`OperationImage.seenRecords`,
  /// Relay's notion of a retained operation's records); a record that only a dropped
  /// operation or a dropped handle used goes.
  /// - Complexity: O(records + seen ids).
  public func collectingGarbage() -> StoreImage {
    var reachable = Set<RecordID>()
    for operation in operations { reachable.formUnion(operation.seenRecords) }
    guard records.records.keys.contains(where: { !reachable.contains($0) }) else { return self }
    let kept = reachable.compactMap { records[$0] }
    return StoreImage(records: RecordSource(kept), operations: operations)
  }
}
