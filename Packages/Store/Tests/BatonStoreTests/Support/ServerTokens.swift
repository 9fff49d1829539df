@_spi(Development) import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTransport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A token provider as an app writes one: the token in memory, refreshed at the loopback
/// server's `/auth/refresh`; counts its refreshes.
final class ServerTokens: TokenProvider {
  private let server: TestServer
  private let state: Locked<(token: String?, refreshes: Int)>

  init(server: TestServer, token: String?) {
    self.server = server
    self.state = Locked((token, 0))
  }

  var refreshes: Int { state.withLock { $0.refreshes } }
  var current: String? { state.withLock { $0.token } }

  func token() async throws -> String? { current }

  func refreshedToken(replacing rejected: String?) async throws -> String {
    state.withLock { $0.refreshes += 1 }
    var request = URLRequest(url: server.url("/auth/refresh"))
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"refreshToken":"refresh-0"}"#.utf8)
    let (body, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200,
      let token = try JSONReader.parse(Array(body))["token"]?.stringValue
    else { throw TestServerError("the refresh was refused: \(String(decoding: body, as: UTF8.self))") }
    state.withLock { $0.token = token }
    return token
  }
}

extension TestServer {
  /// `GET /control/network`: refreshes, persisted-query misses, registered hashes, valid tokens.
  func network() async throws -> JSONValue {
    let (body, _) = try await URLSession.shared.data(from: url("/control/network"))
    return try JSONReader.parse(Array(body))
  }

  /// The recent `/graphql` requests, oldest first.
  func recentRequests() async throws -> [JSONValue] {
    guard case .array(let recent)? = try await requests()["recent"] else { return [] }
    return recent
  }

  /// An environment whose transport is `parts` in front of an `HTTPTransport` to this server.
  func environment(
    parts: [any TransportPart], usesGETForQueries: Bool = false, maximumGETLength: Int = 2048,
    clock: any StoreClock = SystemClock(), reachability: (any Reachability)? = nil,
    prepare: (@Sendable (inout URLRequest) async throws -> Void)? = nil
  ) -> GraphQLEnvironment {
    let http = HTTPTransport(
      endpoint: graphQLURL, timeout: .seconds(30), usesGETForQueries: usesGETForQueries,
      maximumGETLength: maximumGETLength, prepare: prepare)
    return GraphQLEnvironment(transport: TransportChain(parts, to: http), clock: clock, reachability: reachability)
  }
}
