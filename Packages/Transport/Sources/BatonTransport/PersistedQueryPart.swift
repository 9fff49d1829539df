import BatonNormalizer

/// Sends operations by id instead of by text (persisted queries), in one of two modes:
///
/// - `automatic` (Apollo's automatic persisted queries): the request carries only
///   `extensions.persistedQuery` (`version` 1 and the `sha256Hash` of the text, which is a
///   generated operation's `operationID`); when the server answers `PersistedQueryNotFound`
///   (as the error's `message` or, as `PERSISTED_QUERY_NOT_FOUND`, its `extensions.code`),
///   the request goes once more with the text as well, and the server keeps it. A request
///   with uploads goes with the id and the text at once: a miss would send its files twice.
/// - `persistedOnly`: the request carries the id alone, for a server that runs only the
///   operations of the manifest `baton generate` writes (`persistedOperations` in
///   baton.json); the text need not be in the app at all.
///
/// A request without an `operationID` goes with its text. With `HTTPTransport`'s
/// `usesGETForQueries`, a query by id is a short GET a CDN can cache.
public struct PersistedQueryPart: TransportPart {
  /// How operations go by id.
  public enum Mode: Sendable, Hashable {
    /// The id first; the text once more when the server does not know the id.
    case automatic
    /// The id alone.
    case persistedOnly
  }

  /// The mode.
  public let mode: Mode

  /// A part sending by id in `mode`.
  public init(_ mode: Mode) {
    self.mode = mode
  }

  /// Sends `request` by id, and in `automatic` mode with its text when the id is unknown.
  public func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
    guard !request.operationID.isEmpty else { return try await next.send(request) }
    var byID = request
    byID.extensions = Self.extensions(request.extensions, hash: request.operationID)
    if mode == .automatic, !request.uploads.isEmpty, !request.query.isEmpty { return try await next.send(byID) }
    byID.query = ""
    let response = try await next.send(byID)
    guard mode == .automatic, !request.query.isEmpty,
      ResponseErrorCodes.contains(["PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"], in: response.payload.body)
    else { return response }
    var withText = byID
    withText.query = request.query
    return try await next.send(withText)
  }

  /// `extensions` with `persistedQuery` set to version 1 and `hash`.
  static func extensions(_ extensions: JSONValue?, hash: String) -> JSONValue {
    let persisted = JSONMember(
      "persistedQuery", .object([JSONMember("version", .number("1")), JSONMember("sha256Hash", .string(hash))]))
    guard case .object(let members)? = extensions else { return .object([persisted]) }
    return .object(members.filter { $0.key != "persistedQuery" } + [persisted])
  }
}
