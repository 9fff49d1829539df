import BatonNormalizer
import BatonStore
import Foundation

/// One entry of the inspector's timeline: an event of the environment's log, or a fetch
/// an operation's state tells of.
public struct InspectedEvent: Sendable, Hashable {
  /// The timeline's filter: `fetch`, `fetchFailed`, `fieldError`, `missing`, `unexpected`,
  /// `requiredFieldMissing`, `healRefetch`, `healSkipped`, `persistence` or `budget`.
  public var category: String
  /// The event in one line.
  public var message: String
  /// When it happened, where known: when the log recorded it, or when the fetch started,
  /// settled or failed.
  public var at: Date?
  /// The operation or fragment concerned.
  public var owner: String?
  /// The record concerned.
  public var record: RecordID?
  /// The field's storage key.
  public var field: String?
  /// The field errors an event carries.
  public var errors: [FieldError]

  /// An event with everything given.
  public init(
    category: String, message: String, at: Date? = nil, owner: String? = nil, record: RecordID? = nil,
    field: String? = nil, errors: [FieldError] = []
  ) {
    self.category = category
    self.message = message
    self.at = at
    self.owner = owner
    self.record = record
    self.field = field
    self.errors = errors
  }

  /// A log event, stamped `at`: when the log recorded it (`EnvironmentLog.timedEvents`) or,
  /// on the live feed, when it was heard.
  public init(_ event: LogEvent, at: Date? = nil) {
    let category: String
    var errors: [FieldError] = []
    switch event.kind {
    case .missing: category = "missing"
    case .unexpected, .typenameChanged: category = "unexpected"
    case .requiredFieldMissing: category = "requiredFieldMissing"
    case .fieldError(let stored):
      category = "fieldError"
      errors = stored
    case .healRefetch: category = "healRefetch"
    case .healSkipped: category = "healSkipped"
    case .fetch: category = "fetch"
    case .fetchFailed: category = "fetchFailed"
    case .imageLoaded, .imageLoadFailed, .imageSaveFailed, .imageValueDropped, .imageDamaged: category = "persistence"
    case .budgetEvicted: category = "budget"
    }
    self.init(
      category: category, message: event.description, at: at, owner: event.owner?.description, record: event.record,
      field: event.field, errors: errors)
  }

  /// The fetches the operations' state tells of: each one's last successful fetch, its
  /// failure, or the fetch in flight.
  static func fetches(of operations: [InspectedOperation]) -> [InspectedEvent] {
    var events: [InspectedEvent] = []
    for operation in operations {
      let owner = "operation \(operation.name)"
      if let fetchedAt = operation.fetchedAt {
        events.append(InspectedEvent(category: "fetch", message: "fetched \(operation.name)", at: fetchedAt, owner: owner))
      }
      switch operation.fetch {
      case .idle: break
      case .inFlight(let since):
        events.append(InspectedEvent(category: "fetch", message: "fetching \(operation.name)", at: since, owner: owner))
      case .retrying(let attempt, let next):
        events.append(
          InspectedEvent(category: "fetch", message: "\(operation.name) retries (attempt \(attempt))", at: next, owner: owner))
      case .reconnecting(let since, let attempt):
        events.append(
          InspectedEvent(category: "fetch", message: "\(operation.name) reconnects (attempt \(attempt))", at: since, owner: owner))
      case .failed(let at, let reason):
        events.append(InspectedEvent(category: "fetchFailed", message: "\(operation.name) failed: \(reason)", at: at, owner: owner))
      }
    }
    return events
  }
}
