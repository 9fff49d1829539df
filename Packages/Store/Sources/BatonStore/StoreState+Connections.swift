@_spi(Development) import BatonNormalizer

extension StoreState {
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
