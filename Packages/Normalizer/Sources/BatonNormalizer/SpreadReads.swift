/// The fragments a handle's read already read at the references its data holds, carried by
/// the source the data reads from (`RecordSource.spreadReads`), so that a spread's accessor
/// hands out that read instead of reading the fragment again: the handle reads every spread
/// anyway, for the records and events of masked fragments, and the view then read each a
/// second time.
///
/// Immutable, and only ever made from the very source that carries it: the data it hands
/// out is what `read(_:fragment:at:)` gives there. Writing the source drops it.
package final class SpreadReads: Sendable {
  private let reads: [FragmentReference: (fragment: Fragment, data: DataObject?)]

  /// `reads`: each spread's fragment and what reading it at the reference gave.
  package init(_ reads: [FragmentReference: (fragment: Fragment, data: DataObject?)]) {
    self.reads = reads
  }

  /// What reading `fragment` at `reference` gave, when it was read; `nil` when it was not.
  func read(_ fragment: Fragment, at reference: FragmentReference) -> DataObject?? {
    guard let kept = reads[reference], kept.fragment === fragment else { return nil }
    return .some(kept.data)
  }
}
