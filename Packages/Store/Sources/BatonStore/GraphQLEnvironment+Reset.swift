import Foundation

extension GraphQLEnvironment {
  /// Forgets everything the store holds, for a sign-out: every record, every operation's
  /// data and fetch time, the data every handle shows, and the image, all at once.
  ///
  /// Everything in flight is cancelled and nothing that started before the reset writes
  /// after it: fetches, pages, mutations (which fail), deferred parts, subscriptions (which
  /// finish) and saves. Handles stay alive and show
  /// no data (`.loading`, or `.failed(.notInStore)` for `storeOnly`) until the app fetches
  /// again: nothing is refetched by itself, so a token that is still valid cannot bring the
  /// old session's data back. The image is erased before any handle hears of the reset,
  /// with `Persistence.erase()` (for `FileImage` one `unlink`: a crash during the reset
  /// leaves the old image or none), and no image saved before the reset is written after it.
  public func reset() {
    update { state in
      let version = state.wipe(now: clock.now)
      if let persistence {
        savedVersion.withLock { saved in
          saved = max(saved, version)
          do {
            try persistence.erase()
          } catch {
            state.changes.logs.append(LogEvent(.imageSaveFailed("erasing the image failed: \(error)")))
          }
        }
      }
    }
    sessionWork.cancelAll()
  }

  /// Refetches every operation whose data is stale or whose last fetch failed, if a holder
  /// allows the network and no fetch of it is in flight: once each. The environment calls
  /// it when its `reachability` comes back online; an app calls it when it comes to the
  /// foreground.
  public func refetchStale() {
    update { state in
      let now = clock.now
      for key in state.operations.keys.sorted() {
        guard let entry = state.operations[key], entry.networkHolders > 0, entry.lifecycle.running == nil else { continue }
        let failed = entry.fetch.failure != nil
        guard failed || entry.status(staleAfter: staleAfter).isStale(at: now) else { continue }
        state.beginFetch(key, now: now)
      }
    }
  }
}
