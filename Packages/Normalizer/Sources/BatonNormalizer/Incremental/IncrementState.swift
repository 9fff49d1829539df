/// Where an incremental part stands on the record it belongs to, when it is not complete:
/// a deferred fragment not yet arrived, a streamed list with more to come, or a part the
/// server gave up on with these errors. A part that arrived (or was never deferred) has no
/// state: its fields read as any others.
public enum IncrementState: Sendable, Hashable {
  case pending
  case failed([FieldError])

  /// Record fields holding states are keyed `__defer:<label>` and `__stream:<label>`: names
  /// starting with `__` are the schema's own, so no field of a type can take them.
  static func key(defer label: String) -> String { "__defer:" + label }
  static func key(stream label: String) -> String { "__stream:" + label }

  /// The record field holding this state.
  var field: RecordField {
    switch self {
    case .pending: RecordField(.scalar(.string("pending")))
    case .failed(let errors): RecordField(.null, errors: errors)
    }
  }

  /// The record field of a part that arrived whole.
  static let complete = RecordField(.null)

  /// The state stored in `field`; `nil` when it says complete.
  init?(_ field: RecordField?) {
    guard let field else { return nil }
    if case .scalar(.string("pending")) = field.value {
      self = .pending
    } else if !field.errors.isEmpty {
      self = .failed(field.errors)
    } else {
      return nil
    }
  }
}
