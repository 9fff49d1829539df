import BatonNormalizer

/// One entry of the environment's log: what happened, naming the operation or
/// fragment, the record and the field where they apply.
public struct LogEvent: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// A read found no value for a field or no record.
    case missing
    /// A stored value breaks the schema's promise.
    case unexpected(expected: String, found: String)
    /// A null at a `@required` field.
    case requiredFieldMissing(RequiredAction)
    /// Field errors a read met and no `@catch` caught.
    case fieldError([FieldError])
    /// The heal policy refetched the operation because of missing data (under a
    /// connection's edge: only the page that brought the edge).
    case healRefetch
    /// Missing data the environment did not refetch, and why.
    case healSkipped(String)
    /// The environment sent a request: what for (`query`, `page`, `heal`, `mutation`,
    /// `subscription`), the owner naming the operation. Every request is logged, so a page
    /// or a heal is seen as an operation's own fetch is.
    case fetch(String)
    /// A request failed (after any retries): why, as the handle's fetch state says.
    case fetchFailed(FetchFailure)
    /// A response wrote a record under the id of a stored record of another `__typename`:
    /// the server gave one id to objects of two types (ids must be unique across types,
    /// or the types' key fields are not keys). The record now has the new type.
    case typenameChanged(from: String, to: String)
    /// The image was loaded: how many records and operations it held.
    case imageLoaded(records: Int, operations: Int)
    /// The image could not be loaded; the store started empty.
    case imageLoadFailed(String)
    /// The image could not be saved.
    case imageSaveFailed(String)
    /// A value the image cannot hold, and why: the event's record and field (or, for an
    /// operation's variables or errors, its owner) were left out of the image saved or
    /// loaded; everything else in it was kept.
    case imageValueDropped(String)
    /// Part of the image loaded lazily was found damaged when it was read: what, and what
    /// it costs (its records read as missing and heal as missing data does).
    case imageDamaged(String)
    /// The store was past its byte budget (`GraphQLEnvironment.init(maximumBytes:)`): the
    /// least recently used records no handle held went, with the released operations that
    /// reached them and what only those reached. How many records and operations went and
    /// the estimated bytes they took.
    case budgetEvicted(records: Int, operations: Int, bytes: Int)
  }

  /// What happened.
  public var kind: Kind
  /// The operation or fragment whose read or fetch it was.
  public var owner: ReadOwner?
  /// The record concerned, if any.
  public var record: RecordID?
  /// The field's storage key, if a field is concerned.
  public var field: String?

  /// An event of `kind`, naming what read the data, the record and the field where known.
  public init(_ kind: Kind, owner: ReadOwner? = nil, record: RecordID? = nil, field: String? = nil) {
    self.kind = kind
    self.owner = owner
    self.record = record
    self.field = field
  }

  /// The read event as a log entry.
  init(_ event: ReadEvent) {
    let kind: Kind =
      switch event.kind {
      case .missing: .missing
      case .unexpected(let expected, let found): .unexpected(expected: expected, found: found)
      case .fieldError(let errors): .fieldError(errors)
      case .requiredFieldMissing(let action): .requiredFieldMissing(action)
      }
    self.init(kind, owner: event.owner, record: event.record, field: event.field)
  }

  /// One line for a log: the kind, then the owner, record and field that are known.
  public var description: String {
    var place: [String] = []
    if let owner { place.append(owner.description) }
    if let record { place.append("record \(record)") }
    if let field { place.append("field \"\(field)\"") }
    let at = place.isEmpty ? "" : " (" + place.joined(separator: ", ") + ")"
    switch kind {
    case .missing: return "missing" + at
    case .unexpected(let expected, let found): return "unexpected: expected \(expected), found \(found)" + at
    case .requiredFieldMissing(let action): return "requiredFieldMissing @required(action: \(action))" + at
    case .fieldError(let errors): return "fieldError: " + errors.map(\.description).joined(separator: "; ") + at
    case .typenameChanged(let old, let new): return "typenameChanged: from \(old) to \(new)" + at
    case .healRefetch: return "healRefetch" + at
    case .healSkipped(let reason): return "healSkipped: \(reason)" + at
    case .fetch(let purpose): return "fetch \(purpose)" + at
    case .fetchFailed(let failure): return "fetchFailed: \(failure)" + at
    case .imageLoaded(let records, let operations): return "imageLoaded: \(records) records, \(operations) operations"
    case .imageLoadFailed(let reason): return "imageLoadFailed: \(reason)"
    case .imageSaveFailed(let reason): return "imageSaveFailed: \(reason)"
    case .imageValueDropped(let reason): return "imageValueDropped: \(reason)" + at
    case .imageDamaged(let reason): return "imageDamaged: \(reason)"
    case .budgetEvicted(let records, let operations, let bytes):
      return "budgetEvicted: \(records) records, \(operations) operations, \(bytes) bytes"
    }
  }
}
