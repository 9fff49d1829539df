/// Where `AuthPart` gets the app's credentials: the token to send, and a new one when the
/// server refuses it. The app owns storing them (the keychain); Baton never stores a token.
public protocol TokenProvider: Sendable {
  /// The token to send now; `nil` sends the request without one (signed out).
  func token() async throws -> String?

  /// A new token, after the server refused `rejected` (`nil`: the request went without
  /// one). Throw when the session cannot be refreshed: the fetch then fails with HTTP 401.
  /// `AuthPart` calls it once for all the requests refused with the same token.
  func refreshedToken(replacing rejected: String?) async throws -> String
}
