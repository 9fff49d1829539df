/// What a generated accessor throws: reading an operation or fragment fails
/// as a whole on a field error under `@throwOnFieldError` or `onError: HALT`; reading a
/// `@required(action: THROW)` field that was null fails that field alone.
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
