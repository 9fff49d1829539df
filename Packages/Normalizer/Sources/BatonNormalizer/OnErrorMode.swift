/// The operation's `onError` (the graphql-spec RFC): what the server does with a field error.
public enum OnErrorMode: Sendable, Hashable {
  /// The error's null stays where it happened; the reader propagates it client-side to
  /// the nearest nullable parent, as PROPAGATE would.
  case null
  /// The server propagates the null to the nearest nullable parent (the default).
  case propagate
  /// The server returns no data at all on any field error.
  case halt
}
