/// Whether one level of a field's type may hold null.
public enum Nullability: Sendable, Hashable {
  case nullable
  case nonNull
  /// `@semanticNonNull`: null only alongside an error. Non-null where a handling policy
  /// (`@catch`, `@throwOnFieldError`) is in place, nullable elsewhere.
  case semanticNonNull
}
