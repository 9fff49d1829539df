import BatonNormalizer
import BatonStore
import Foundation

/// What the inspector shows of a store: its operations, its records with their stored
/// field errors, the size of each type and a timeline. Made from an image file's
/// `StoreImage`, or from a live environment; rendered as text (`text`), JSON (`json`) or
/// the self-contained page (`html`).
///
/// The records stay the store's own `RecordSource` (a copy-on-write value, not copied
/// again); renderers walk them in id order.
public struct Inspection: Sendable {
  /// Where the store came from: the image's path, or `live`.
  public var source: String
  /// The time staleness is judged at.
  public var now: Date
  /// The records, each field with its stored errors.
  public var records: RecordSource
  /// The operations, as the image or the environment orders them (least recently used first).
  public var operations: [InspectedOperation]
  /// When each field with a max age was fetched, and that max age: the fields' ages.
  public var fieldAges: FieldAges
  /// Log events and fetches, oldest first where times are known.
  public var timeline: [InspectedEvent]
  /// Whether the page should follow a live feed (`/events`) for new events.
  public var isLive: Bool
  /// The live store's byte budget and its use; `nil` for an image, which keeps no budget.
  public var budget: StoreBudget?

  /// The inspection of an image.
  ///
  /// - Parameters:
  ///   - staleAfter: how long a fetch stays fresh (the image does not keep it; the
  ///     target's `staleAfter`); `nil` means only marked staleness counts.
  public init(image: StoreImage, source: String, now: Date = Date(), staleAfter: Duration? = nil) {
    let operations = image.operations.map { InspectedOperation($0, staleAfter: staleAfter) }
    self.init(
      source: source, now: now, records: image.records, operations: operations,
      log: [], isLive: false, fieldAges: image.fieldAges)
  }

  /// An inspection of records, operations and log events as they are now; the timeline
  /// is the log followed by the fetches the operations tell of, by time where known.
  public init(
    source: String, now: Date, records: RecordSource, operations: [InspectedOperation], log: [InspectedEvent],
    isLive: Bool, fieldAges: FieldAges = FieldAges(), budget: StoreBudget? = nil
  ) {
    self.budget = budget
    self.source = source
    self.now = now
    self.records = records
    self.fieldAges = fieldAges
    self.operations = operations
    self.isLive = isLive
    let fetches = InspectedEvent.fetches(of: operations).sorted { ($0.at ?? .distantPast) < ($1.at ?? .distantPast) }
    self.timeline = fetches + log
  }

  /// The age of `field` of `record` now, for a field with a max age.
  func age(of record: RecordID, field: String) -> FieldAge? {
    fieldAges.age(of: record, field: field).map {
      FieldAge(fetchedAt: $0.fetchedAt, seconds: now.timeIntervalSince($0.fetchedAt), maxAge: $0.maxAge)
    }
  }

  /// A field's age as the renderers show it.
  struct FieldAge {
    var fetchedAt: Date
    /// Seconds since the fetch.
    var seconds: Double
    /// Seconds the field stays fresh.
    var maxAge: Double
    var isStale: Bool { seconds >= maxAge }
    /// "fetched 45 s ago, max age 60 s", with ", stale" past it.
    var label: String {
      "fetched \(Int(seconds.rounded())) s ago, max age \(Int(maxAge.rounded())) s" + (isStale ? ", stale" : "")
    }
  }

  /// The record ids in order, the order every renderer lists them in.
  ///
  /// - Complexity: O(n log n) in the records.
  var sortedRecordIDs: [RecordID] {
    records.records.keys.sorted()
  }

  /// The budget line of the text and the page: the use against the budget, and what it
  /// evicted; `nil` without a live store.
  var budgetLabel: String? {
    guard let budget else { return nil }
    let limit = budget.maximumBytes.map { "of a \($0) bytes budget" } ?? "(no budget)"
    return "\(budget.bytes) bytes \(limit), \(budget.evictedRecords) records evicted"
  }

  /// How many field errors the records hold.
  var fieldErrorCount: Int {
    records.records.values.reduce(0) { total, record in
      total + record.fields.values.reduce(0) { $0 + $1.errors.count }
    }
  }
}
