/// The access level of generated declarations (`accessLevel` in baton.json).
public enum AccessLevel: String, Sendable, CaseIterable {
  case `public`
  case `internal`

  /// The modifier written before a declaration, with its trailing space; empty for internal.
  var modifier: String { self == .public ? "public " : "" }
}
