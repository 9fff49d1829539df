/// Why the live inspector could not start.
public enum InspectorServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Creating, binding or listening on the loopback socket failed.
  case socket(String)

  /// What went wrong, in words.
  public var description: String {
    switch self {
    case .socket(let message): "The inspector could not start: \(message)"
    }
  }
}
