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

  /// `layer` with what `body` changes in the store as the layer shows it: a record it
  /// writes goes into the layer whole, one it removes among the layer's deletions.
  func updatedLayer(
    _ layer: (records: RecordSource, deletions: Set<RecordID>), by body: (inout RecordUpdater) -> Void
  ) -> (records: RecordSource, deletions: Set<RecordID>) {
    var view = visible
    view.merge(layer.records)
    for id in layer.deletions { view.remove(id) }
    var updater = RecordUpdater(view)
    body(&updater)
    var (records, deletions) = layer
    for id in updater.touched {
      records.remove(id)
      if let record = updater.source[id] {
        records.merge(record)
        deletions.remove(id)
      } else if visible[id] != nil {
        deletions.insert(id)
      }
    }
    return (records, deletions)
  }
}
