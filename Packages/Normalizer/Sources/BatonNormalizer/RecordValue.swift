/// What a record holds for one field. A field the record has no entry for is *missing*,
/// which is not the same as `.null`.
public enum RecordValue: Sendable, Hashable {
  case null
  /// A scalar or enum value (or a custom scalar's JSON) as the response gave it.
  case scalar(JSONValue)
  /// A reference to another record.
  case link(RecordID)
  /// A list of values; lists of lists nest.
  case list([RecordValue])
}
