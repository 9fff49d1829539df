import Foundation

extension GraphQLEnvironment {
  /// Blocks until the store as it is now is durable: every change made before the call,
  /// on any thread, is on disk when it returns, and no write of the image is under way.
  public func flush() {
    guard let persistence else { return }
    handOver(state.withLock { $0.imageVersion })
    persistence.flush()
  }

  /// Returns once the image `version` (or a newer one) has been handed to persistence.
  ///
  /// A change takes its image under the lock and hands it over after releasing it, so
  /// another thread may see the change before its image is handed over. When that has not
  /// happened yet, the store's image is taken again here and handed over: it is newer, so
  /// the late one is then skipped as older.
  func handOver(_ version: Int) {
    guard persistence != nil else { return }
    // Waits for a save under way, which holds the lock while it hands its image over.
    let saved = savedVersion.withLock { $0 }
    guard saved < version else { return }
    update { state in state.retakeImage(after: saved) }
  }

  /// Hands `change` to persistence unless a newer one was handed over already; one save at
  /// a time, so no image ever replaces a newer one. Then the store forgets the record
  /// writes it carried (after the save's lock: a reset takes that lock under the store's).
  func hand(_ change: ImageChange, version: Int) {
    guard let persistence else { return }
    let handed = savedVersion.withLock { saved in
      guard version > saved else { return false }
      saved = version
      do {
        try persistence.save(change)
      } catch {
        log.record(LogEvent(.imageSaveFailed(String(describing: error))))
      }
      return true
    }
    if handed { state.withLock { $0.imageHandedOver(version) } }
  }
}
