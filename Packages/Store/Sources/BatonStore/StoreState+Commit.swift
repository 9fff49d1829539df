@_spi(Development) import BatonNormalizer
import Foundation

/// Every way the base records are written, in one place: a changeset, a response (its
/// records, then its `@connection` pages, its list edits and, for a fetch, its page log),
/// a heal's page, an updater's edit, and what garbage collection or a deletion keeps.
/// Each marks the image changed when records changed and returns the records to re-read
/// for; the caller updates the operation's entry and asks `refresh` to tell the handles.
extension StoreState {
  /// Writes `changeset` over the base; returns the records whose content changed. A record
  /// written under its id with another `__typename` is logged (and raised in a debug build).
  mutating func commit(_ changeset: RecordSource) -> Set<RecordID> {
    let (changed, typenameChanges) = records.write(changeset)
    changes.logs.append(contentsOf: typenameChanges)
    if !changed.isEmpty { touchImage() }
    if budget != nil {
      let base = base
      budget?.wrote(changed, in: base)
    }
    #if DEBUG
      sinceCheck.written.formUnion(changed)
    #endif
    return changed
  }

  /// Writes a response's records, then merges its `@connection` pages into their
  /// connection records (`RecordSource.connectionChanges(for:)`), then applies its list
  /// edits (`@appendEdge`, `@deleteRecord`, ...: `RecordSource.listEditChanges(for:)`);
  /// for a fetched response (`fetchedAt`), then logs its connection pages on their
  /// connection records (`ConnectionPageLog`): their arguments, the fetch time and the
  /// edges each brought. Returns the records whose content changed or that were deleted.
  mutating func commit(_ payload: ResponsePayload, fetchedAt: Date? = nil) -> Set<RecordID> {
    let starts =
      fetchedAt == nil || payload.connectionPages.isEmpty ? [] : base.connectionStarts(for: payload.connectionPages)
    var changed = commit(payload.records)
    if !payload.connectionPages.isEmpty {
      let source = base
      changed.formUnion(commit(source.connectionChanges(for: payload.connectionPages, index: &records.connectionIndex)))
    }
    if !payload.listEdits.isEmpty {
      records.connectionIndex.removeAll()
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
    if let fetchedAt, !starts.isEmpty {
      changed.formUnion(commit(
        base.pageLogChanges(for: payload.connectionPages, from: starts, fetchedAt: fetchedAt.timeIntervalSince1970)))
    }
    return changed
  }

  /// Writes a page fetched again by a heal: its records, with its connection's edges and
  /// page info left as they are (the page keeps its place among the others, where merging
  /// it as a page from its cursor would be ignored, or for the first page, would reset the
  /// list), and its fetch time renewed in the log.
  mutating func commitRefetchedPage(
    _ payload: ResponsePayload, _ page: StoreChanges.PageHeal.Page, connection: RecordID, now: Date
  ) -> Set<RecordID> {
    var records = payload
    records.connectionPages = []
    var changed = commit(records)
    changed.formUnion(commit(
      base.renewingPage(of: connection, arguments: page.arguments, fetchedAt: now.timeIntervalSince1970)))
    return changed
  }

  /// Replaces the base with what an updater made of it.
  mutating func replaceBase(_ updater: RecordUpdater) -> Set<RecordID> {
    let changed = records.replace(with: updater)
    if !changed.isEmpty { touchImage() }
    if budget != nil {
      let base = base
      budget?.wrote(changed, in: base)
    }
    #if DEBUG
      // An updater may leave links to records it removed.
      if !updater.touched.isEmpty { sinceCheck.written = [] }
    #endif
    return changed
  }

  /// Keeps only `records` of the base: what garbage collection or a deletion left.
  mutating func keepOnly(_ records: RecordSource) {
    self.records.keepOnly(records)
    if !fieldAges.isEmpty { fieldAges.keepOnly(records) }
    budget?.kept(records)
    #if DEBUG
      // Links to the records removed may stay behind.
      sinceCheck.written = []
    #endif
  }
}
