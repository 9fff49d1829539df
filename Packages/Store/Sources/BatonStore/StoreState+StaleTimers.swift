import Foundation

extension StoreState {
  /// Keeps `key`'s stale timer on the deadline its holders must hear about: sets one when
  /// there is a deadline ahead and none is set for it, cancels the one set for another
  /// deadline (a new fetch moved it) or for none (marked stale, or no holder left). The
  /// deadline is the operation's, or sooner, when a field a holder read passes its max age
  /// (`MaxAges`), so the holders' snapshots name the fragments that turned stale.
  mutating func scheduleStaleTimer(_ key: String, now: Date) {
    guard var entry = operations[key] else { return }
    var deadline = entry.staleWakeUp(staleAfter: staleAfter, now: now)
    if !fieldAges.isEmpty {
      for id in entry.holders {
        guard let next = handles[id]?.sink?.nextFieldDeadline(fieldAges, after: now) else { continue }
        if next < (deadline ?? .distantFuture) { deadline = next }
      }
    }
    guard entry.staleTimer?.deadline != deadline else { return }
    entry.staleTimer?.task?.cancel()
    entry.staleTimer = nil
    if let deadline {
      let id = makeID()
      entry.staleTimer = OperationEntry.StaleTimer(id: id, deadline: deadline)
      changes.staleTimers.append(StoreChanges.StaleTimerStart(key: key, id: id, deadline: deadline))
    }
    operations[key] = entry
  }

  /// A stale timer woke: its holders get the status as of `now`, so each handle's snapshot
  /// turns stale once. A timer woken early sets itself again.
  mutating func staleTimerFired(_ key: String, id: Int, now: Date) {
    guard var entry = operations[key], entry.staleTimer?.id == id else { return }
    entry.staleTimer = nil
    operations[key] = entry
    refresh(reread: [], restatus: entry.holders, now: now)
    scheduleStaleTimer(key, now: now)
  }
}
