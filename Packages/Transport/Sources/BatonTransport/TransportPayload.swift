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

  /// A payload of `body`, carried by a reply of `status` if the transport has one.
  public init(_ body: [UInt8], status: Int? = nil) {
    self.body = body
    self.status = status
  }
}
