/// Which object of a response last wrote each record whole, for `ResponseNormalizer` to tell
/// an object met again that would write nothing new (an author of many comments) before
/// building its record.
///
/// Only objects without nested records are noted, from a response's seventeenth object on,
/// and any other write of a record forgets its note: a note stands for the record's last
/// write. Keyed records are also found by a sketch of their object's content
/// (`JSONTape.sketch(_:)`), so that an object written alike to a recent one is known, with
/// its id, before its id is made.
struct RewriteLog {
  /// An object that wrote a record whole: its field and token, the depth and the variables'
  /// scope it was read at.
  struct Write {
    let id: RecordID
    let field: ObjectIdentifier
    let token: Int
    let depth: Int
    let scope: Int
  }

  /// How many objects a response's normalizer meets before it notes any.
  static let objectsBeforeNotes = 16

  private var writes: [RecordID: Write] = [:]
  /// Recent keyed writes by sketch, a few dozen: made on the first keyed write.
  private var recent: [Write?] = []
  private static let recentCount = 64

  /// The record's last write, when it was an object's noted here.
  func lastWrite(of id: RecordID) -> Write? { writes[id] }

  /// The last write of a keyed record by an object under `field` with this content sketch,
  /// when that object still wrote its record last: an object written alike has its id.
  func recentWrite(sketch: Int, field: FieldSelection) -> Write? {
    guard let slot = recent.isEmpty ? nil : recent[sketch & (Self.recentCount - 1)],
      slot.field == ObjectIdentifier(field), let last = writes[slot.id], last.token == slot.token
    else { return nil }
    return last
  }

  /// Notes the write of record `id`: `write` when an object wrote it whole, `nil` for any
  /// other write. `sketch`: the object's, for a keyed record.
  mutating func note(_ write: Write?, of id: RecordID, sketch: Int?) {
    writes[id] = write
    guard let write, let sketch else { return }
    if recent.isEmpty { recent = Array(repeating: nil, count: Self.recentCount) }
    recent[sketch & (Self.recentCount - 1)] = write
  }

  /// Forgets every write: a new tape's tokens are not this one's.
  mutating func removeAll() {
    writes = [:]
    recent = []
  }
}
