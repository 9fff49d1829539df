import BatonNormalizer

extension StoreImage {
  /// The image without the records no operation can reach: what the store keeps after
  /// dropping an operation, and what an image file holds. Every link in it resolves.
  ///
  /// An operation reaches the records its last read saw (`OperationImage.seenRecords`,
  /// Relay's notion of a retained operation's records); a record that only a dropped
  /// operation or a dropped handle used goes. A kept record's field that links to a record
  /// not kept goes too, so it reads as missing, as the link to nothing did: a server page a
  /// connection merged (`characterConnection(first:4)` beside the merged connection), or a
  /// field only a dropped operation read. Keeping what such links reach instead would keep
  /// everything the root record ever linked to, and no operation would ever be released.
  /// - Complexity: O(records + seen ids + fields of the kept records).
  public func collectingGarbage() -> StoreImage {
    var reachable = Set<RecordID>()
    for operation in operations { reachable.formUnion(operation.seenRecords) }
    var kept = records.records
    if kept.keys.contains(where: { !reachable.contains($0) }) {
      kept = [RecordID: StoreRecord](minimumCapacity: reachable.count)
      for id in reachable { if let record = records[id] { kept[id] = record } }
    }
    let dangling = kept.values.filter { record in record.fields.contains { !$0.value.value.resolves(in: kept) } }
    if dangling.isEmpty && kept.count == records.count { return self }
    for record in dangling {
      var resolved = record
      for (key, field) in record.fields where !field.value.resolves(in: kept) { resolved.fields[key] = nil }
      kept[record.id] = resolved
    }
    var ages = fieldAges
    if !ages.isEmpty { ages.keepOnly(RecordSource(records: kept)) }
    return StoreImage(records: RecordSource(records: kept), operations: operations, outbox: outbox, fieldAges: ages)
  }
}

extension RecordValue {
  /// Whether every record this value links to is in `records`.
  fileprivate func resolves(in records: [RecordID: StoreRecord]) -> Bool {
    var resolves = true
    forEachLink { if records[$0] == nil { resolves = false } }
    return resolves
  }
}
