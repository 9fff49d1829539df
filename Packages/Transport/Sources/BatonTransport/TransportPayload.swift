import Foundation

/// One GraphQL response payload as it arrived: its body, and the HTTP status of the reply
/// that carried it where the transport has one.
public struct TransportPayload: Sendable, Hashable {
  /// The GraphQL response body: `data`, `errors`, `extensions`, and for a subsequent
  /// payload of `@defer` or `@stream`, `incremental` and `hasNext`.
  public var body: [UInt8]
  /// The status of the HTTP reply that carried the payload; `nil` from a transport that
  /// does not speak HTTP. `AuthPart` refreshes the token on a 401 whose body is a GraphQL
  /// error response, which reaches it as a payload with this status.
  public var status: Int?
  /// The `max-age` of the HTTP reply's `Cache-Control` header; `nil` without one (or from a
  /// transport that does not speak HTTP). The store uses it as the fields' max age when
  /// `MaxAges.usesServerHints` is set.
  public var maxAge: Duration?

  /// A payload of `body`, carried by a reply of `status` with a `Cache-Control` of `maxAge`
  /// if the transport has them.
  public init(_ body: [UInt8], status: Int? = nil, maxAge: Duration? = nil) {
    self.body = body
    self.status = status
    self.maxAge = maxAge
  }

  /// The `max-age` directive of a `Cache-Control` header value, in whole seconds; `nil`
  /// when it has none, or `no-store` or `no-cache` forbid keeping the reply.
  public static func maxAge(cacheControl: String?) -> Duration? {
    guard let cacheControl else { return nil }
    var maxAge: Duration?
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1)
      let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
      if name == "no-store" || name == "no-cache" { return nil }
      guard name == "max-age", parts.count == 2 else { continue }
      let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      guard let seconds = Int(value), seconds >= 0 else { return nil }
      maxAge = .seconds(seconds)
    }
    return maxAge
  }
}
