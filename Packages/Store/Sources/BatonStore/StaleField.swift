import BatonNormalizer
import Foundation

/// A field past its max age, and the fragment (or operation) that read it.
public struct StaleField: Sendable, Hashable, CustomStringConvertible {
  /// The fragment or operation whose own selections read the field.
  public var owner: ReadOwner
  public var record: RecordID
  /// The field's storage key.
  public var field: String
  /// How long ago the field was fetched.
  public var age: Duration
  /// How long it stays fresh.
  public var maxAge: Duration

  public init(owner: ReadOwner, record: RecordID, field: String, age: Duration, maxAge: Duration) {
    self.owner = owner
    self.record = record
    self.field = field
    self.age = age
    self.maxAge = maxAge
  }

  public var description: String {
    "\(owner) read \"\(field)\" of \(record), fetched \(age) ago (max age \(maxAge))"
  }
}
