import BatonNormalizer
import Foundation

/// A fetch that did not bring data into the store: what went wrong, and when.
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// The four ways a fetch fails.
  public enum Kind: Sendable, Hashable {
    /// No HTTP response: the connection failed, dropped or timed out.
    case transport
    /// An HTTP status that carries no GraphQL response.
    case http(status: Int)
    /// A response that is not a GraphQL response for the operation (not JSON, HTML, a
    /// field omitted, over the size limit); nothing was written.
    case malformed
    /// A GraphQL response with errors and no data (request errors, or `data: null`).
    case graphQL([FieldError])
  }

  /// What went wrong.
  public var kind: Kind
  /// When the failure was seen, by the environment's clock.
  public var at: Date
  /// What happened, in words.
  public var message: String

  /// A failure of `kind` at `at`, with a message for people.
  public init(_ kind: Kind, at: Date, message: String) {
    self.kind = kind
    self.at = at
    self.message = message
  }

  /// The kind and the message, for a log or a banner.
  public var description: String {
    switch kind {
    case .transport: "transport error: \(message)"
    case .http(let status): "HTTP \(status): \(message)"
    case .malformed: "malformed response: \(message)"
    case .graphQL(let errors): "GraphQL errors: " + errors.map(\.description).joined(separator: "; ")
    }
  }
}
