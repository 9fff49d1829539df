import BatonNormalizer
import Foundation

extension StoreState {
  /// Re-reads the handles in `reread` and gives those in `restatus` their entry's status;
  /// queues the handles whose snapshot changed, the events to log and the heals to ask.
  mutating func refresh(reread: Set<Int>, restatus: Set<Int> = [], now: Date) {
    var staled: Set<String> = []
    for id in reread.union(restatus).sorted() {
      guard let registration = handles[id], let sink = registration.sink,
        let entry = operations[registration.key]
      else { continue }
      changes.retained.append(sink)
      let status = entry.status(staleAfter: staleAfter)
      guard reread.contains(id) else {
        if sink.restatus(status, now: now) { changes.deliveries.append(sink) }
        continue
      }
      let outcome = sink.refresh(source: visible, status: status, now: now)
      reindex(id, seen: outcome.seen)
      if operations[registration.key]?.image.seenRecords != outcome.seen {
        operations[registration.key]?.image.seenRecords = outcome.seen
        touchImage()
      }
      if outcome.changed { changes.deliveries.append(sink) }
      changes.logs.append(contentsOf: outcome.newEvents.map(LogEvent.init))
      if !outcome.missing.isEmpty { staled.insert(registration.key) }
      if !outcome.missing.isEmpty, !entry.healedSinceFetch, entry.networkHolders > 0, entry.inFlight == nil,
        !changes.heals.contains(where: { $0.key == registration.key })
      {
        changes.heals.append(StoreChanges.HealCandidate(
          key: registration.key,
          request: HealRequest(
            operationName: entry.image.name, operationID: entry.image.operationID, variables: entry.image.variables,
            missing: outcome.missing)))
      }
    }
    for key in staled where operations[key]?.image.isMarkedStale == false {
      markStale(key, now: now)
    }
  }

  /// Marks an operation stale and shows it on its handles.
  mutating func markStale(_ key: String, now: Date) {
    guard var entry = operations[key], !entry.image.isMarkedStale else { return }
    entry.image.isMarkedStale = true
    operations[key] = entry
    touchImage()
    refresh(reread: [], restatus: entry.holders, now: now)
  }

  /// Re-reads the handles that saw any of `records`.
  mutating func recordsChanged(_ records: Set<RecordID>, now: Date) {
    guard !records.isEmpty else { return }
    refresh(reread: readers(of: records), now: now)
  }

  /// Marks a fetch of `key` in flight and queues its start; `nil` when one is already in
  /// flight or the request is not known yet.
  @discardableResult
  mutating func beginFetch(_ key: String, now: Date) -> Int? {
    guard var entry = operations[key], entry.inFlight == nil, let request = entry.request, let reader = entry.reader
    else { return nil }
    let id = makeID()
    entry.inFlight = OperationEntry.InFlight(id: id)
    entry.fetch = .inFlight(since: now)
    operations[key] = entry
    changes.fetches.append(StoreChanges.FetchStart(key: key, id: id, request: request, reader: reader))
    refresh(reread: [], restatus: entry.holders, now: now)
    return id
  }
}
