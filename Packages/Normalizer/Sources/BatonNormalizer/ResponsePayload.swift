/// What normalizing one response gives: the records it writes and the errors that belong
/// to the operation rather than to a field.
@_spi(Development) public struct ResponsePayload: Sendable, Hashable {
  /// The changeset: every record the response touched, with only the fields it wrote.
  public var records: RecordSource
  /// Errors without a path, and errors whose path reaches no selected field; their paths
  /// stay as the response gave them.
  public var operationErrors: [FieldError]
  /// `false` when `data` was null or absent: request errors only, nothing to write.
  public var hasData: Bool
  public var extensions: JSONValue?
  /// The pages of `@connection` fields, to merge into their connection records once
  /// `records` are written (`RecordSource.connectionChanges(for:)`).
  package var connectionPages: [ConnectionPage] = []
  /// The list edits of `@appendEdge`, `@deleteRecord`, ... fields, to apply after the
  /// pages (`RecordSource.listEditChanges(for:)`).
  package var listEdits: [ListEditRequest] = []
  /// The `max-age` of the HTTP reply's `Cache-Control`, in seconds, when the transport
  /// gave one: the store's default max age for the fields the response wrote.
  package var httpMaxAge: Double?
}
