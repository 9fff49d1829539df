/// How long fields stay fresh, per type and field, beside the operation's `staleAfter`.
///
/// A field with a max age turns stale on its own once that long has passed since the fetch
/// that wrote it; the fragments that read it say so (`OperationSnapshot.staleFragments`).
/// A field without one behaves as before: only its operation's staleness applies.
public struct MaxAges: Sendable, Hashable {
  /// The declared max ages, keyed `"Type.field"` (as `@cacheControl(maxAge:)` on a field of
  /// the schema extension declares them).
  public var fields: [String: Duration]
  /// Whether the server's hints count too: the HTTP `Cache-Control: max-age` of a response
  /// for every field it wrote, and `extensions.cacheControl.hints` (Apollo Server's
  /// `[{path, maxAge}]`) for the field at each path. The shortest age a field is given wins.
  public var usesServerHints: Bool

  /// Max ages for `fields` (`"Type.field"`), and the server's hints when `usesServerHints`.
  public init(fields: [String: Duration] = [:], usesServerHints: Bool = false) {
    self.fields = fields
    self.usesServerHints = usesServerHints
  }

  /// Whether no field can ever get a max age: then nothing is tracked.
  var isNone: Bool { fields.isEmpty && !usesServerHints }
}
