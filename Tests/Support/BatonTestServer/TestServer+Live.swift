@_spi(Development) import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TestServer {
  /// The graphql-transport-ws endpoint: `/graphql` over `ws://`.
  public var webSocketURL: URL {
    var components = URLComponents(url: graphQLURL, resolvingAgainstBaseURL: false)
    components?.scheme = "ws"
    return components?.url ?? graphQLURL
  }

  /// The live side's record (README, "Live"): `open` connections, `active` subscriptions,
  /// the `inits` payloads, the ids `subscribed` and the ids the client `completed`.
  public func sockets() async throws -> JSONValue {
    let (body, _) = try await URLSession.shared.data(from: url("/control/sockets"))
    return try JSONReader.parse(Array(body))
  }
}
