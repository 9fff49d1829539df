import Foundation

extension GraphQLEnvironment {
  /// Starts the task of a stale timer the store set, and hands the store its task so a
  /// moved deadline or the last holder's going cancels it. The task holds the environment
  /// weakly and sleeps on the clock, not in a loop: a pending wake-up keeps nothing alive
  /// and costs nothing until its deadline.
  func launch(_ timer: StoreChanges.StaleTimerStart) {
    let task = Task { [weak self, clock] in
      do {
        try await clock.sleep(until: timer.deadline)
      } catch {
        return
      }
      guard let self else { return }
      update { state in state.staleTimerFired(timer.key, id: timer.id, now: clock.now) }
    }
    update { state in
      guard state.operations[timer.key]?.staleTimer?.id == timer.id else {
        // Replaced or cancelled before its task existed.
        task.cancel()
        return
      }
      state.operations[timer.key]?.staleTimer?.task = task
    }
  }
}
