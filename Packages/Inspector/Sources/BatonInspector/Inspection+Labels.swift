import BatonNormalizer

extension Inspection {
  /// The fields whose text names a record to a person, in the order they are looked for:
  /// what the page shows beside an id that says nothing (`Person:UGVvcGxlOjE=`).
  static let labelFields = ["name", "title", "displayName", "login", "username", "label", "email"]

  /// The text a person knows `record` by: its first non-empty string field of
  /// `labelFields`, or `nil` when it has none.
  static func label(of record: StoreRecord) -> String? {
    for key in labelFields {
      if case .scalar(.string(let text))? = record[key]?.value, !text.isEmpty { return text }
    }
    return nil
  }
}
