import BatonNormalizer

extension StoreState {
  /// Writes a response's records, then merges its `@connection` pages into their
  /// connection records (`RecordSource.connectionChanges(for:)`), then applies its list
  /// edits (`@appendEdge`, `@deleteRecord`, ...: `RecordSource.listEditChanges(for:)`);
  /// returns the records whose content changed or that were deleted.
  mutating func commit(_ payload: ResponsePayload) -> Set<RecordID> {
    var changed = commit(payload.records)
    if !payload.connectionPages.isEmpty {
      changed.formUnion(commit(base.connectionChanges(for: payload.connectionPages, index: &connectionIndex)))
    }
    if !payload.listEdits.isEmpty {
      connectionIndex.removeAll()
      let edits = base.listEditChanges(for: payload.listEdits)
      changed.formUnion(commit(edits.changes))
      let deleted = edits.deletions.filter { base[$0] != nil }
      if !deleted.isEmpty {
        var kept = base
        for id in deleted { kept.remove(id) }
        keepOnly(kept)
        touchImage()
        changed.formUnion(deleted)
      }
    }
    return changed
  }

  /// An optimistic response's layer: its records with its pages merged and its list edits
  /// applied over what reads see now, and the records its `@deleteRecord`s hide while the
  /// layer is there (their edges leave every connection in the layer's records), so
  /// removing the layer rolls all of it back.
  func optimisticLayer(_ payload: ResponsePayload) -> (records: RecordSource, deletions: Set<RecordID>) {
    var layer = payload.records
    guard !payload.connectionPages.isEmpty || !payload.listEdits.isEmpty else { return (layer, []) }
    var view = visible
    view.merge(payload.records)
    let pages = view.connectionChanges(for: payload.connectionPages)
    view.merge(pages)
    layer.merge(pages)
    let edits = view.listEditChanges(for: payload.listEdits)
    layer.merge(edits.changes)
    return (layer, edits.deletions.filter { view[$0] != nil })
  }
}
