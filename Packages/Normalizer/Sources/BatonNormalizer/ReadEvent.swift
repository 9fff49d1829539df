/// Something that went wrong during a read, naming the owner, the record and the field
///.
public struct ReadEvent: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The record has no value for the field (or the linked record is not there): read
    /// as the zero value, and the owning operation should be refetched.
    case missing
    /// The stored value breaks the schema's promise (null in a non-null field, a value of
    /// another kind); read as the type's zero value.
    case unexpected(expected: String, found: String)
    /// Field errors met where no `@catch` caught them.
    case fieldError([FieldError])
    /// A `@required` field was null: under LOG the parent read `nil`; under THROW the
    /// field's accessor throws.
    case requiredFieldMissing(RequiredAction)
  }

  public var kind: Kind
  public var owner: ReadOwner
  public var record: RecordID
  /// The field's storage key, or `nil` when the record itself is missing.
  public var field: String?

  public init(_ kind: Kind, owner: ReadOwner, record: RecordID, field: String?) {
    self.kind = kind
    self.owner = owner
    self.record = record
    self.field = field
  }

  public var description: String {
    let place = field.map { "field \"\($0)\" of record \(record)" } ?? "record \(record)"
    switch kind {
    case .missing: return "missing: \(owner) read \(place), which is not in the store"
    case .unexpected(let expected, let found): return "unexpected: \(owner) read \(found) at \(place), expected \(expected)"
    case .fieldError(let errors):
      return "fieldError: \(owner) read \(place): \(errors.map(\.description).joined(separator: "; "))"
    case .requiredFieldMissing(let action): return "requiredFieldMissing: \(owner) read null at @required(action: \(action)) \(place)"
    }
  }
}
