/// Why reading an operation or fragment fails as a whole (DESIGN §7): a field error under
/// `@throwOnFieldError` or `onError: HALT`, or a `@required(action: THROW)` field that was null.
public enum ReadFailure: Error, Sendable, Hashable, CustomStringConvertible {
  case fieldErrors([ReadEvent])
  case requiredFieldMissing(ReadEvent)

  public var description: String {
    switch self {
    case .fieldErrors(let events): events.map(\.description).joined(separator: "\n")
    case .requiredFieldMissing(let event): event.description
    }
  }
}
