/// `persistedOperations` in baton.json: where `baton generate` writes the manifest of the
/// target's operations, in which format, and whether the operations' text stays in the app.
///
/// ```json
/// "persistedOperations": { "path": "persisted-operations.json", "format": "apollo", "includeText": false }
/// ```
///
/// - `apollo`: Apollo's persisted query manifest,
///   `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "name", "type", "body"}]}`.
/// - `relay`: Relay's map of id to text, `{"<id>": "<text>"}`.
///
/// The id is the operation's `operationID`, the SHA-256 of its text. With `includeText`
/// false, generated operations carry an empty `document`: the app can only send them by
/// id (`PersistedQueryPart(.persistedOnly)`), and the text is not compiled into it.
public struct PersistedOperationsSetting: Sendable, Equatable {
  /// The manifest's two shapes.
  public enum Format: String, Sendable, CaseIterable {
    case apollo
    case relay
  }

  /// The manifest file, relative paths resolved against baton.json's folder.
  public var path: String
  public var format: Format
  /// Whether generated operations keep their text (default true).
  public var includesText: Bool

  public init(path: String, format: Format = .apollo, includesText: Bool = true) {
    self.path = path
    self.format = format
    self.includesText = includesText
  }
}
