import BatonNormalizer

/// Adds the app's token to every request and, when the server refuses it, refreshes the
/// token once and sends the request once more.
///
/// Refused means an HTTP 401 (thrown as `TransportError` with `.http(status: 401)`, or a
/// payload of status 401 whose body is a GraphQL error response) or a response with
/// an error whose `extensions.code` is `UNAUTHENTICATED`. Requests refused with the same token share one refresh: three
/// requests that all meet an expired token cause one call of `refreshedToken(replacing:)`,
/// and those that come back after it resend with its token without another. A refresh
/// that throws fails the request as `TransportError(.http(status: 401))`, which a fetch
/// shows as `FetchFailure.Kind.http(status: 401)`, with the provider's error in the
/// message; a second refusal after the refresh stands as the server gave it.
///
/// The token goes in the request's `headers`, which live for one send: the store never
/// keeps them, so no token reaches the image or the log.
public final class AuthPart: TransportPart {
  /// The header the token goes in (default `Authorization`).
  public let header: String
  /// What goes before the token in the header (default `Bearer `).
  public let prefix: String
  private let tokens: any TokenProvider
  private let refreshes = Locked(Refreshes())

  /// The refresh running, and the last one that finished, each with the token it replaced.
  private struct Refreshes {
    var running: (rejected: String?, task: Task<String, any Error>)?
    var last: (rejected: String?, token: String)?
  }

  /// A part that sends `tokens`' token as `header: prefix + token`.
  public init(tokens: any TokenProvider, header: String = "Authorization", prefix: String = "Bearer ") {
    self.tokens = tokens
    self.header = header
    self.prefix = prefix
  }

  /// Sends `request` with the token; on a refusal, refreshes and resends once.
  public func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
    let token = try await tokens.token()
    do {
      let sent = with(token, request)
      let response = try await next.send(sent)
      let payload = response.payload
      guard payload.status == 401 || ResponseErrorCodes.contains(["UNAUTHENTICATED"], in: payload.body) else {
        return response
      }
    } catch let error as TransportError where error.kind == .http(status: 401) {
      // Refused: refresh below.
    }
    let fresh = try await refreshed(replacing: token)
    return try await next.send(with(fresh, request))
  }

  private func with(_ token: String?, _ request: GraphQLRequest) -> GraphQLRequest {
    guard let token else { return request }
    var request = request
    request.headers[header] = prefix + token
    return request
  }

  /// The token that replaces `rejected`: from the refresh that already replaced it, from
  /// the one running for it, or from a new one.
  private func refreshed(replacing rejected: String?) async throws -> String {
    enum Source {
      case done(String)
      case running(Task<String, any Error>)
    }
    let source = refreshes.withLock { refreshes -> Source in
      if let last = refreshes.last, last.rejected == rejected { return .done(last.token) }
      if let running = refreshes.running, running.rejected == rejected { return .running(running.task) }
      let task = Task { [tokens] in try await tokens.refreshedToken(replacing: rejected) }
      refreshes.running = (rejected, task)
      return .running(task)
    }
    let task: Task<String, any Error>
    switch source {
    case .done(let token): return token
    case .running(let running): task = running
    }
    do {
      let token = try await task.value
      refreshes.withLock { refreshes in
        if refreshes.running?.rejected == rejected { refreshes.running = nil }
        refreshes.last = (rejected, token)
      }
      return token
    } catch {
      refreshes.withLock { refreshes in
        if refreshes.running?.rejected == rejected { refreshes.running = nil }
      }
      if error is CancellationError { throw error }
      throw TransportError(.http(status: 401), "the server refused the token and refreshing it failed: \(error)")
    }
  }
}
