import BatonNormalizer

extension StoreState {
  /// Writes a response's records, then merges its `@connection` pages into their
  /// connection records (see `RecordSource.connectionChanges(for:)`); returns the
  /// records whose content changed.
  mutating func commit(_ payload: ResponsePayload) -> Set<RecordID> {
    var changed = commit(payload.records)
    if !payload.connectionPages.isEmpty {
      changed.formUnion(commit(base.connectionChanges(for: payload.connectionPages)))
    }
    return changed
  }
}
