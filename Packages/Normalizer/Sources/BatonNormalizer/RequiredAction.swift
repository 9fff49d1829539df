/// `@required(action:)`: what a null in the field does.
public enum RequiredAction: Sendable, Hashable {
  /// The parent object reads `nil`.
  case none
  /// The parent object reads `nil`, and the read logs `requiredFieldMissing`.
  case log
  /// The field's accessor throws and the read logs `requiredFieldMissing`; the parent and
  /// the rest of the data read as usual. A `@catch` above catches it instead: the null
  /// goes up to the `@catch` field as an error.
  case `throw`
}
