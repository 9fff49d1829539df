/// One field of a record: its value and the errors the server reported for it.
///
/// A field is always written whole, so writing a value that came without errors clears the
/// errors an earlier response left there.
public struct RecordField: Sendable, Hashable {
  /// Nearly every field comes without errors, so errors live out of line, beside their
  /// value: a field is then its value alone, and a record's entry for it takes 40 bytes,
  /// not 48.
  private var storage: Storage

  private enum Storage: Sendable {
    case plain(RecordValue)
    case failed(Failed)
  }

  /// A value with its errors; never changed once made (a write makes a new one).
  private final class Failed: Sendable {
    let value: RecordValue
    let errors: [FieldError]

    init(_ value: RecordValue, _ errors: [FieldError]) {
      self.value = value
      self.errors = errors
    }
  }

  public init(_ value: RecordValue, errors: [FieldError] = []) {
    storage = errors.isEmpty ? .plain(value) : .failed(Failed(value, errors))
  }

  public var value: RecordValue {
    get {
      switch storage {
      case .plain(let value): value
      case .failed(let failed): failed.value
      }
    }
    set { self = RecordField(newValue, errors: errors) }
  }

  /// The scalar the field holds, or `nil` for any other value: read in place, where
  /// `value` copies the value out first.
  var scalar: JSONValue? {
    switch storage {
    case .plain(.scalar(let scalar)): scalar
    case .plain: nil
    case .failed(let failed): if case .scalar(let scalar) = failed.value { scalar } else { nil }
    }
  }

  /// Whether the field holds errors; asks for no array, as `errors` does.
  var hasErrors: Bool {
    if case .failed = storage { return true }
    return false
  }

  public var errors: [FieldError] {
    get {
      switch storage {
      case .plain: []
      case .failed(let failed): failed.errors
      }
    }
    set { self = RecordField(value, errors: newValue) }
  }

  public static func == (lhs: RecordField, rhs: RecordField) -> Bool {
    lhs.value == rhs.value && lhs.errors == rhs.errors
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(errors)
  }
}
