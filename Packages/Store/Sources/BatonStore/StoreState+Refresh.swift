import BatonNormalizer
import Foundation

extension StoreState {
  /// Re-reads the handles in `reread` and gives those in `restatus` their entry's status;
  /// queues the handles whose snapshot changed, the events to log and the heals to ask.
  /// `healing` is false for the response of a heal refetch, which never starts another.
  /// `changed`: every record changed since the handles' last reads, when known, so that
  /// their re-reads reuse what did not change.
  mutating func refresh(
    reread: Set<Int>, restatus: Set<Int> = [], now: Date, healing: Bool = true, changed: Set<RecordID>? = nil
  ) {
    var staled: Set<String> = []
    for id in reread.union(restatus).sorted() {
      // No copy of the registration or the entry is held across `noteSeen`: their seen
      // records would then be copied to change.
      guard let key = handles[id]?.key, let sink = handles[id]?.sink,
        var status = operations[key]?.status(staleAfter: staleAfter)
      else { continue }
      status.fieldAges = fieldAges
      changes.retained.append(sink)
      guard reread.contains(id) else {
        if sink.restatus(status, now: now) { changes.deliveries.append(sink) }
        continue
      }
      let outcome = sink.refresh(source: visible, changed: changed, status: status, now: now)
      noteSeen(outcome.seen, of: id, key: key)
      if outcome.changed { changes.deliveries.append(sink) }
      changes.logs.append(contentsOf: outcome.newEvents.map(LogEvent.init))
      guard !outcome.missing.isEmpty, let entry = operations[key] else { continue }
      staled.insert(key)
      let request = HealRequest(
        operationName: entry.image.name, operationID: entry.image.operationID, variables: entry.image.variables,
        missing: outcome.missing)
      if let reason = Self.healSkipReason(entry, healing: healing) {
        // Only a read with new events: re-reads of the same missing data stay quiet.
        guard !outcome.newEvents.isEmpty else { continue }
        let first = outcome.missing.first
        changes.logs.append(LogEvent(
          .healSkipped(reason), owner: .operation(entry.image.name), record: first?.record, field: first?.field))
        changes.skippedHeals.append(StoreChanges.SkippedHeal(request: request, reason: reason, reader: entry.reader))
      } else if !changes.heals.contains(where: { $0.key == key }) {
        changes.heals.append(StoreChanges.HealCandidate(key: key, request: request, reader: entry.reader))
      }
    }
    for key in staled where operations[key]?.image.isMarkedStale == false {
      markStale(key, now: now)
    }
  }

  /// Indexes what handle `id`'s read saw and keeps it as its operation's seen records.
  private mutating func noteSeen(_ seen: SeenRecords, of id: Int, key: String) {
    if budget != nil {
      switch seen {
      case .all(let records): budget?.used(records)
      case .changes(let changes): budget?.used(changes.lazy.filter(\.seen).map(\.record))
      }
    }
    // Changes are made to the handle's set in place: the image lets go of it meanwhile.
    if case .changes = seen, operations[key]?.seenRecordsOf == id {
      operations[key]?.image.seenRecords = []
      let changed = reindex(id, seen: seen)
      operations[key]?.image.seenRecords = handles[id]?.seen ?? []
      if changed { touchImage() }
      return
    }
    // An unchanged set is the one the image already holds.
    guard reindex(id, seen: seen) || operations[key]?.seenRecordsOf != id else { return }
    if operations[key]?.keepSeenRecords(handles[id]?.seen ?? [], of: id) == true { touchImage() }
  }

  /// Why a missing read of `entry` is not healed; `nil` when the heal policy is asked.
  static func healSkipReason(_ entry: OperationEntry, healing: Bool) -> String? {
    if !healing { return "the missing data came from a heal refetch, which never starts another" }
    if entry.request == nil {
      return "nothing fetches it: a fragment read by id with no @refetchable query, or whose record's key the store lacks"
    }
    if entry.networkHolders == 0 { return "no holder of the operation allows the network" }
    if entry.healedSinceFetch { return "it was already refetched once since its last fetch" }
    if entry.lifecycle.running != nil { return "a fetch of it is in flight" }
    return nil
  }

  /// Marks an operation stale and shows it on its handles.
  mutating func markStale(_ key: String, now: Date) {
    guard var entry = operations[key], !entry.image.isMarkedStale else { return }
    entry.image.isMarkedStale = true
    operations[key] = entry
    touchImage()
    scheduleStaleTimer(key, now: now)
    refresh(reread: [], restatus: entry.holders, now: now)
  }

  /// Re-reads the handles that saw any of `records`.
  mutating func recordsChanged(_ records: Set<RecordID>, now: Date) {
    guard !records.isEmpty else { return }
    refresh(reread: readers(of: records), now: now, changed: records)
  }

  /// Marks a fetch of `key` in flight and queues its start; `nil` when one is already in
  /// flight or the request is not known yet.
  @discardableResult
  mutating func beginFetch(_ key: String, now: Date, heal: Bool = false) -> Int? {
    guard var entry = operations[key], entry.lifecycle.running == nil, let request = entry.request, let reader = entry.reader
    else { return nil }
    let id = makeID()
    entry.lifecycle = .inFlight(FetchLifecycle.Fetch(id: id, since: now))
    operations[key] = entry
    changes.fetches.append(StoreChanges.FetchStart(key: key, id: id, request: request, reader: reader, isHeal: heal))
    refresh(reread: [], restatus: entry.holders, now: now)
    return id
  }
}
