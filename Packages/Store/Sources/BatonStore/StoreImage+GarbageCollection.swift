import BatonNormalizer

extension StoreImage {
  /// The image without the records no operation can reach: what the store keeps after
  /// dropping an operation, and what an image file holds. Unless its records are read on
  /// demand (below), every link in it resolves.
  ///
  /// An operation reaches the records its last read saw (`OperationImage.seenRecords`,
  /// Relay's notion of a retained operation's records); a record that only a dropped
  /// operation or a dropped handle used goes. A kept record's field that links to a record
  /// not kept goes too, so it reads as missing, as the link to nothing did: a server page a
  /// connection merged (`characterConnection(first:4)` beside the merged connection), or a
  /// field only a dropped operation read. Keeping what such links reach instead would keep
  /// everything the root record ever linked to, and no operation would ever be released.
  ///
  /// Over records read on demand (`RecordSource.isBacked`) only the records in memory lose
  /// such fields: finding the links to what went in the others would read every record.
  /// Such a link reads as missing, as the field would, and heals as missing data does; the
  /// record loses the field when it is next written (`RecordSource.merge(_:)`).
  /// - Complexity: O(records + seen ids + fields of the kept records); over records read on
  ///   demand, O(ids + seen ids + fields of the records in memory): no record is read.
  public func collectingGarbage() -> StoreImage {
    var reachable = Set<RecordID>()
    for operation in operations { reachable.formUnion(operation.seenRecords) }
    if records.isBacked { return collectingBackedGarbage(reachable: reachable) }
    var kept = records.records
    if kept.keys.contains(where: { !reachable.contains($0) }) {
      kept = [RecordID: StoreRecord](minimumCapacity: reachable.count)
      for id in reachable { if let record = records[id] { kept[id] = record } }
    }
    let resolved = kept.values.compactMap { record in record.resolvingLinks { id in kept[id] != nil } }
    if resolved.isEmpty && kept.count == records.count { return self }
    for record in resolved { kept[record.id] = record }
    var ages = fieldAges
    if !ages.isEmpty { ages.keepOnly(RecordSource(records: kept)) }
    return StoreImage(records: RecordSource(records: kept), operations: operations, outbox: outbox, fieldAges: ages)
  }

  private func collectingBackedGarbage(reachable: Set<RecordID>) -> StoreImage {
    var kept = records
    var dropped: [RecordID] = []
    records.forEachID { id in if !reachable.contains(id) { dropped.append(id) } }
    guard !dropped.isEmpty else { return self }
    for id in dropped { kept.remove(id) }
    for record in kept.inMemory.values.compactMap({ record in record.resolvingLinks { id in kept.contains(id) } }) {
      kept.remove(record.id)
      kept.merge(record)
    }
    var ages = fieldAges
    if !ages.isEmpty { ages.keepOnly(kept) }
    return StoreImage(records: kept, operations: operations, outbox: outbox, fieldAges: ages)
  }
}
