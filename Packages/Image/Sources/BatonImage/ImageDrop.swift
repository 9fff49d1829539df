import BatonNormalizer
import BatonStore

/// A value the image cannot hold, left out with what holds it: a record's field, an
/// operation (its variables or errors), or an outbox entry (its variables or layer).
struct ImageDrop: Sendable, Hashable {
  enum Place: Sendable, Hashable {
    case field(RecordID, String)
    /// The operation at that position of the image's operations.
    case operation(at: Int, name: String)
    /// The outbox entry at that position of the image's outbox.
    case outboxEntry(at: Int, id: String)
  }

  let place: Place

  init(_ place: Place) {
    self.place = place
  }

  static let reason = "it nests deeper than the image's \(ImageFormat.maximumDepth) levels"

  /// Logs it as an `imageValueDropped` event.
  func report(to events: PersistenceEvents) {
    switch place {
    case .field(let record, let field): events.droppedField(field, of: record, reason: Self.reason)
    case .operation(_, let name): events.droppedOperation(named: name, reason: Self.reason)
    case .outboxEntry(_, let id): events.droppedOutboxEntry(id, reason: Self.reason)
    }
  }
}
