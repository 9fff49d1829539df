/// `@catch(to:)`: what a field error at or below the field reads as.
public enum CatchTarget: Sendable, Hashable {
  /// `Result<T, FieldErrors>`: the errors as a failure.
  case result
  /// `nil`.
  case null
}
