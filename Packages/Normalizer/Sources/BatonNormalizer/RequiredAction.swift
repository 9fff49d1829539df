/// `@required(action:)`: what a null in the field does (DESIGN §7). In every case the
/// parent object reads `nil`.
public enum RequiredAction: Sendable, Hashable {
  case none
  /// Also logs `requiredFieldMissing`.
  case log
  /// Also makes reading the owner (operation or fragment) throw, unless a `@catch` above catches it.
  case `throw`
}
