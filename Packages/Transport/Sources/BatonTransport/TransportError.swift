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
  /// How long the server asked the client to wait before trying again (a 429's or a 503's
  /// `Retry-After`); `nil` when it did not say. `RetryPart` waits at least this long.
  public var retryAfter: Duration?

  /// A failure of `kind`, with a message for people, and the server's `Retry-After` if any.
  public init(_ kind: Kind, _ message: String, retryAfter: Duration? = nil) {
    self.kind = kind
    self.message = message
    self.retryAfter = retryAfter
  }

  /// The message.
  public var description: String { message }
}
