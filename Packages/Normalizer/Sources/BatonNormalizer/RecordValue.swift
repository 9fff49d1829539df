/// What a record holds for one field. A field the record has no entry for is *missing*,
/// which is not the same as `.null`.
public enum RecordValue: Sendable, Hashable {
  case null
  /// A scalar or enum value (or a custom scalar's JSON) as the response gave it.
  case scalar(JSONValue)
  /// A reference to another record.
  case link(RecordID)
  /// A list of values; lists of lists nest.
  case list(RecordList)

  /// A list of `items`.
  public static func list(_ items: [RecordValue]) -> RecordValue {
    .list(RecordList(items))
  }
}

extension RecordValue {
  /// The records this value links to, in order, lists flattened.
  package var links: [RecordID] {
    switch self {
    case .link(let id): [id]
    case .list(let items): items.flatMap(\.links)
    case .null, .scalar: []
    }
  }
}
