import BatonNormalizer

/// The byte budget (`ByteBudget`): past it, the least recently used records that nothing
/// holds go, with the released operations that reached them and what only those reached.
extension StoreState {
  /// Evicts, when the records' estimated bytes are past the budget, the least recently
  /// used records no handle, fetch in flight, optimistic layer or outbox entry holds, until
  /// the total is at most 90% of the budget (or nothing more may go).
  ///
  /// The records go as garbage collection's do: the released operations whose last read
  /// saw one of them are dropped, then `collectGarbage()` removes every record no kept
  /// operation reaches, so what only those operations reached goes too, and the total may
  /// end below the target. No handle saw what goes, so none is re-read; an operation
  /// watched again later fetches (it is no longer in the store), and a read that reaches
  /// an evicted record through another record's field finds it missing and heals.
  /// What a kept operation reaches the collector keeps whatever is chosen; leaving it out
  /// of the choice is what makes the bytes freed those counted. Records no operation
  /// reaches (written by an updater alone) go at any eviction, as at any collection.
  ///
  /// - Complexity: O(1) under the budget; past it, O(n log n) in the records nothing
  ///   holds, plus the garbage collection, once per tenth of the budget written at most.
  mutating func keepWithinBudget() {
    // Read through the optional, never copied out: a copy alive while the budget changes
    // would copy its table.
    guard budget?.isOver == true else { return }
    if !budgetImageOrder.isEmpty { stampImageOrder() }
    let before = (records: base.count, bytes: budget?.total ?? 0)
    let chosen = budget?.leastRecentlyUsed(excluding: heldRecords(), in: base) ?? []
    var operationsDropped = 0
    if !chosen.isEmpty {
      operationsDropped = operations.dropReleased(reaching: chosen)
      collectGarbage()
    }
    let evicted = before.records - base.count
    budget?.evicted(evicted)
    guard evicted > 0 else { return }
    changes.logs.append(LogEvent(.budgetEvicted(
      records: evicted, operations: operationsDropped, bytes: before.bytes - (budget?.total ?? 0))))
  }

  /// Stamps the records of the operations the image loaded (those still kept) with their
  /// order of use, least recent first as the image orders them, before any use since the
  /// launch: the budget reserved a stamp for each.
  mutating func stampImageOrder() {
    let order = budgetImageOrder
    budgetImageOrder = []
    for (index, key) in order.enumerated() {
      guard let seen = operations[key]?.image.seenRecords else { continue }
      budget?.stampOrder(seen, at: UInt64(index + 1))
    }
  }

  /// The records an eviction must leave: what every handle's last read saw, what the
  /// operations with a fetch in flight saw, and what the optimistic layers and the
  /// outbox's entries write or hide.
  private func heldRecords() -> Set<RecordID> {
    var held = records.layerRecordIDs
    for id in handles.ids { held.formUnion(handles[id]?.seen ?? []) }
    for entry in operations.entries.values where entry.lifecycle.running != nil || entry.increments != nil {
      held.formUnion(entry.image.seenRecords)
    }
    for entry in outbox.pending {
      held.formUnion(entry.optimisticRecords.records.keys)
      held.formUnion(entry.optimisticDeletions)
    }
    return held
  }
}
