/// One field of a record: its value and the errors the server reported for it.
///
/// A field is always written whole, so writing a value that came without errors clears the
/// errors an earlier response left there.
public struct RecordField: Sendable, Hashable {
  public var value: RecordValue
  public var errors: [FieldError]

  public init(_ value: RecordValue, errors: [FieldError] = []) {
    self.value = value
    self.errors = errors
  }
}
