import BatonNormalizer
import Foundation

/// A field past its max age, and the fragment (or operation) that read it.
public struct StaleField: Sendable, Hashable, CustomStringConvertible {
  /// The fragment or operation whose own selections read the field.
  public var owner: ReadOwner
  /// The record holding the field.
  public var record: RecordID
  /// The field's storage key.
  public var field: String
  /// How long ago the field was fetched.
  public var age: Duration
  /// How long it stays fresh.
  public var maxAge: Duration

  /// A field of `record` that `owner` read, `age` old, past its `maxAge`.
  public init(owner: ReadOwner, record: RecordID, field: String, age: Duration, maxAge: Duration) {
    self.owner = owner
    self.record = record
    self.field = field
    self.age = age
    self.maxAge = maxAge
  }

  /// The owner, field and record, and how old the field is against its max age.
  public var description: String {
    "\(owner) read \"\(field)\" of \(record), fetched \(age) ago (max age \(maxAge))"
  }
}
