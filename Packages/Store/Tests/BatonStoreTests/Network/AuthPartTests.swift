import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTransport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Headers that change per request, and `AuthPart`'s one shared refresh, against the
/// loopback server's auth mode.
@Suite(.serialized, .taped) struct AuthPartTests {
  static let shared = SharedServer()

  @Test func prepareSetsAHeaderThatRotatesPerRequest() async throws {
    let server = try await Self.shared.fresh()
    let counter = Locked(0)
    let environment = server.environment(parts: []) { request in
      let number = counter.withLock { count -> Int in
        count += 1
        return count
      }
      request.setValue("trace-\(number)", forHTTPHeaderField: "X-Trace")
    }
    for id in ["1", "2", "3"] {
      _ = try await environment.fetch(CharacterDetail(id: id))
    }
    let traces = try await server.recentRequests().map { $0["headers"]?["X-Trace"]?.stringValue }
    #expect(traces == ["trace-1", "trace-2", "trace-3"])
  }

  @Test(arguments: ["status401", "unauthenticated"])
  func threeConcurrentRequestsShareOneRefreshAndRetryOnce(style: String) async throws {
    let server = try await Self.shared.fresh()
    try await server.control(
      ["command": "auth", "style": .string(style), "token": "token-0", "refreshDelayMs": 300], ["command": "expireTokens"])
    let tokens = ServerTokens(server: server, token: "token-0")
    let environment = server.environment(parts: [AuthPart(tokens: tokens)])
    let handles = ["1", "2", "3"].map { environment.watch(CharacterDetail(id: $0)) }
    var names: [String?] = []
    for handle in handles { names.append(try await handle.settledData().character?.name) }
    #expect(names == ["Rick Sanchez", "Morty Smith", "Summer Smith"])
    #expect(tokens.refreshes == 1)
    #expect(try await server.network()["refreshes"]?.intValue == 1)
    let sent = try await server.recentRequests().map { $0["headers"]?["Authorization"]?.stringValue }
    // Each request went once with the expired token and once with the new one.
    #expect(sent.filter { $0 == "Bearer token-0" }.count == 3)
    #expect(sent.filter { $0 == "Bearer token-1" }.count == 3)
    #expect(sent.count == 6)
  }

  @Test func a401WithAGraphQLErrorBodyRefreshesToo() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "respond", "status": 401, "json": ["errors": [["message": "log in"]]],
      "contentType": "application/json", "count": 1,
    ])
    struct Rotating: TokenProvider {
      func token() async throws -> String? { "old" }
      func refreshedToken(replacing rejected: String?) async throws -> String { "new" }
    }
    let environment = server.environment(parts: [AuthPart(tokens: Rotating())])
    let data = try await environment.fetch(CharacterDetail(id: "1"))
    #expect(data.character?.name == "Rick Sanchez")
    let sent = try await server.recentRequests().map { $0["headers"]?["Authorization"]?.stringValue }
    #expect(sent == ["Bearer old", "Bearer new"])
  }

  @Test func aRequestAfterTheRefreshUsesTheNewTokenWithoutAnother() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "auth", "token": "token-0"], ["command": "expireTokens"])
    let tokens = ServerTokens(server: server, token: "token-0")
    let environment = server.environment(parts: [AuthPart(tokens: tokens)])
    _ = try await environment.fetch(CharacterDetail(id: "1"))
    _ = try await environment.fetch(CharacterDetail(id: "2"))
    #expect(tokens.refreshes == 1)
    #expect(try await server.requests()["total"]?.intValue == 3)
  }

  @Test func aFailedRefreshIsTheFetchsFailureAsHTTP401() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "auth", "token": "token-0", "refreshFails": true], ["command": "expireTokens"])
    let tokens = ServerTokens(server: server, token: "token-0")
    let environment = server.environment(parts: [AuthPart(tokens: tokens)])
    let handle = environment.watch(CharacterDetail(id: "1"))
    let failure = try await handle.fetchFailure()
    #expect(failure.kind == .http(status: 401))
    #expect(failure.message.contains("refreshing it failed"))
    #expect(tokens.refreshes == 1)
    #expect(try await server.requests()["total"]?.intValue == 1, "no resend without a new token")
  }

  @Test func aSecondRefusalAfterTheRefreshStands() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "auth", "token": "token-0"], ["command": "expireTokens"])
    // A provider whose refresh gives a token the server never issued.
    struct WrongTokens: TokenProvider {
      func token() async throws -> String? { "token-0" }
      func refreshedToken(replacing rejected: String?) async throws -> String { "made-up" }
    }
    let environment = server.environment(parts: [AuthPart(tokens: WrongTokens())])
    let failure = try await environment.watch(CharacterDetail(id: "1")).fetchFailure()
    #expect(failure.kind == .http(status: 401))
    #expect(try await server.requests()["total"]?.intValue == 2, "refresh once, retry once")
  }
}
