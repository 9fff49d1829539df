/// A normalized object: its identity, its `__typename` and its fields by storage key.
///
/// Aliases never reach a record: fields are keyed by `StorageKey`, the field name plus its
/// canonical arguments.
public struct StoreRecord: Sendable, Hashable {
  public let id: RecordID
  public var typename: String?
  public var fields: RecordFields

  public init(id: RecordID, typename: String? = nil, fields: RecordFields = RecordFields()) {
    self.id = id
    self.typename = typename
    self.fields = fields
  }

  /// A record with the fields of `dictionary`.
  public init(id: RecordID, typename: String? = nil, fields dictionary: [String: RecordField]) {
    self.init(id: id, typename: typename, fields: RecordFields(dictionary))
  }

  /// The field stored under `storageKey`, or `nil` when it is missing.
  public subscript(storageKey: String) -> RecordField? {
    get { fields[storageKey] }
    set { fields[storageKey] = newValue }
  }

  /// Writes `other`'s fields over this record's, field by field; fields `other` lacks stay.
  public mutating func merge(_ other: StoreRecord) {
    if let typename = other.typename { self.typename = typename }
    fields.merge(other.fields)
  }
}
