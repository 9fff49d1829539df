import BatonNormalizer
import BatonStore

extension StoreImage {
  /// The image without the records no operation can reach, so the file does not grow
  /// with every record the app ever saw.
  ///
  /// An operation reaches the records its last read saw (`OperationImage.seenRecords`,
  /// Relay's notion of a retained operation's records); a record that only a forgotten
  /// operation or a dropped handle used is not written.
  /// - Complexity: O(records + seen ids).
  func collectingGarbage() -> StoreImage {
    var reachable = Set<RecordID>()
    for operation in operations { reachable.formUnion(operation.seenRecords) }
    guard records.records.keys.contains(where: { !reachable.contains($0) }) else { return self }
    let kept = reachable.compactMap { records[$0] }
    return StoreImage(records: RecordSource(kept), operations: operations)
  }
}
