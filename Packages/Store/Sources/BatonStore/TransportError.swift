/// Why a transport has no GraphQL response to give.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which fetch failure kind the error becomes.
  public enum Kind: Sendable, Hashable {
    /// No response: connection refused, dropped, timed out.
    case transport
    /// An HTTP status whose body is not a GraphQL response.
    case http(status: Int)
    /// A response that cannot be a GraphQL response (wrong media type, over the size limit).
    case malformed
  }

  /// The failure kind.
  public var kind: Kind
  /// What happened, in words.
  public var message: String

  /// A failure of `kind`, with a message for people.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
