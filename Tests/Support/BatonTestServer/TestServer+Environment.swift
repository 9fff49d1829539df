import BatonNormalizer
import BatonStore
import BatonTransport
import Foundation

extension TestServer {
  /// An environment talking to this server, as an app would make one.
  ///
  /// The timeout is shorter than `HTTPTransport`'s default so a stuck test fails in half a
  /// minute rather than a minute; not shorter, as a first request to the server took over
  /// 10 s on two cores shared with other builds.
  public func environment(
    timeout: Duration = .seconds(30), maximumResponseSize: Int = 64 * 1024 * 1024, heal: (any HealPolicy)? = nil,
    staleAfter: Duration? = nil, clock: any StoreClock = SystemClock(), persistence: (any Persistence)? = nil,
    releaseBufferSize: Int = 100, maxAges: MaxAges = MaxAges()
  ) -> GraphQLEnvironment {
    GraphQLEnvironment(
      transport: HTTPTransport(endpoint: graphQLURL, timeout: timeout, maximumResponseSize: maximumResponseSize),
      persistence: persistence, heal: heal, staleAfter: staleAfter, clock: clock, releaseBufferSize: releaseBufferSize,
      maxAges: maxAges)
  }

  /// The body of the most recent `/graphql` request.
  public func lastRequestBody() async throws -> JSONValue? {
    guard case .array(let recent)? = try await requests()["recent"] else { return nil }
    return recent.last?["body"]
  }
}
