/// One page a response brought for a `@connection` field: which connection it belongs to,
/// where the server's page was stored, and the cursor arguments that say where it goes.
package struct ConnectionPage: Sendable, Hashable {
  /// The record holding the connection field.
  package let parent: RecordID
  /// The connection's storage key on `parent` (see `ConnectionMetadata`).
  package let connectionKey: String
  /// What the response stored for the field itself: a link to the page's record, or null.
  package let page: RecordValue
  /// The `after` and `before` arguments' values; `nil` when not given or null.
  package let after: String?
  package let before: String?
  /// The page's `first`, `after`, `last` and `before` arguments as the request gave them
  /// (one not given is left out, an explicit null kept): what fetches the same page again.
  package var arguments: [String: JSONValue] = [:]

  package init(parent: RecordID, connectionKey: String, page: RecordValue, after: String?, before: String?) {
    self.parent = parent
    self.connectionKey = connectionKey
    self.page = page
    self.after = after
    self.before = before
  }

  /// The connection record's id.
  package var connectionID: RecordID { RecordID.client(parent: parent, storageKey: connectionKey, indices: []) }
}
