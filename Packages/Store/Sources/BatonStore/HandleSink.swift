import BatonNormalizer
import Foundation

/// A handle as the store drives it, whatever its operation type. The store calls
/// `refresh` and `restatus` with its lock held (they take only the handle's own lock and
/// never call back into the environment) and `deliver` after releasing it.
protocol HandleSink: AnyObject, Sendable {
  /// Reads again from `source`; says what the read saw and whether the snapshot changed.
  /// `changed` holds every record changed since the last read, or is `nil` when that is
  /// not known (the read then reuses nothing of the last one).
  func refresh(source: RecordSource, changed: Set<RecordID>?, status: OperationStatus, now: Date) -> HandleRefresh
  /// Applies a new status to the last read; `true` when the snapshot changed.
  func restatus(_ status: OperationStatus, now: Date) -> Bool
  /// Tells observers and snapshot streams about the current snapshot.
  func deliver()
  /// The fetch the handle's snapshot shows, for the store's invariant check.
  var shownFetch: FetchState { get }
  /// When the next field the handle's last read saw passes its max age in `ages`, after
  /// `now`; `nil` when none will.
  func nextFieldDeadline(_ ages: FieldAges, after now: Date) -> Date?
}

/// What one re-read of a handle found.
struct HandleRefresh {
  var seen: SeenRecords
  var changed: Bool
  /// The read's events when they differ from the previous read's, to log.
  var newEvents: [ReadEvent]
  /// Missing data in a read of fetched data: what the heal policy is asked about.
  var missing: [ReadEvent]
}

/// A live handle in the store: how to reach it, its request, and the records its last
/// read saw (the index points back here).
struct HandleRegistration {
  weak var sink: (any HandleSink)?
  let key: String
  let allowsNetwork: Bool
  var seen: Set<RecordID> = []
}

/// The records a handle's read saw, as the store's index takes them.
enum SeenRecords {
  /// All of them.
  case all(Set<RecordID>)
  /// For every record whose presence may differ from the handle's last read, whether this
  /// read saw it: a re-read of a long list after a page tells the page's records alone.
  case changes([(record: RecordID, seen: Bool)])
}
