/// The fragments a handle's read already read at the references its data holds, carried by
/// the source the data reads from (`RecordSource.spreadReads`), so that a spread's accessor
/// hands out that read instead of reading the fragment again: the handle reads every spread
/// anyway, for the records and events of masked fragments, and the view then read each a
/// second time.
///
/// A read that built a tree is kept whole. A read that gave a lens is not kept: its lens is
/// made again from the record and the context the lens reads of its scope shared, which
/// costs a lookup and keeps nothing per reference.
///
/// Immutable, and only ever made from the very source that carries it: the data it hands
/// out is what `read(_:fragment:at:)` gives there. Writing the source drops it.
package final class SpreadReads: Sendable {
  private let reads: [FragmentReference: (fragment: Fragment, data: DataObject?)]
  /// The fragments read as a lens at every reference of theirs not in `reads`.
  private let lensFragments: [Fragment]
  private let contexts: LensContexts

  /// `reads`: each spread's fragment and what reading it at the reference gave, for the
  /// reads that built a tree; `lensFragments`: the fragments every other reference of which
  /// read as a lens, with `contexts`.
  package init(
    _ reads: [FragmentReference: (fragment: Fragment, data: DataObject?)], lensFragments: [Fragment] = [],
    contexts: LensContexts = LensContexts()
  ) {
    self.reads = reads
    self.lensFragments = lensFragments
    self.contexts = contexts
  }

  /// What reading `fragment` at `reference` in `source` gave, when it was read; `nil` when
  /// it was not.
  func read(_ fragment: Fragment, at reference: FragmentReference, in source: RecordSource) -> DataObject?? {
    if let kept = reads[reference] { return kept.fragment === fragment ? .some(kept.data) : nil }
    guard lensFragments.contains(where: { $0 === fragment }), let context = contexts[reference.scope],
      let record = source[reference.record]
    else { return nil }
    return .some(DataObject(lens: RecordLens(record, fragment.steps, context)))
  }
}
