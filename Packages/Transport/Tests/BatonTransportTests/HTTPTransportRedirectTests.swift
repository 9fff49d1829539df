@_spi(Development) import BatonNormalizer
import BatonTestServer
import BatonTransport
import Foundation
import TestPrerequisites
import Testing

/// A redirect to another origin (scheme, host and port) never carries the headers the app
/// set: a server that sends the client elsewhere must not learn its credentials there.
@Suite(.serialized, .requires(.testServer)) struct HTTPTransportRedirectTests {
  static let origin = SharedServer()
  static let elsewhere = SharedServer()

  static let appHeaders = ["Authorization": "Bearer rick-c137", "X-Tenant": "citadel"]
  static let request = GraphQLRequest(
    query: "query Name($id: ID!) { character(id: $id) { name } }", operationName: "Name", variables: ["id": "2"])

  /// The headers of the `index`th `/graphql` request a server received since its reset,
  /// with lowercased names (HTTP header names are case-insensitive).
  static func headers(of server: TestServer, at index: Int) async throws -> [String: String] {
    guard case .array(let recent)? = try await server.requests()["recent"], recent.indices.contains(index),
      case .object(let members)? = recent[index]["headers"]
    else { return [:] }
    var headers: [String: String] = [:]
    for member in members { headers[member.key.lowercased()] = member.value.stringValue }
    return headers
  }

  @Test func anotherPortGetsNoneOfTheAppsHeaders() async throws {
    let server = try await Self.origin.fresh()
    let other = try await Self.elsewhere.fresh()
    try await server.control(["command": "redirect", "to": .string(other.graphQLURL.absoluteString), "count": 1])
    let transport = HTTPTransport(endpoint: server.graphQLURL, headers: Self.appHeaders, timeout: .seconds(30))
    _ = try? await transport.payload(for: Self.request).body

    let sent = try await Self.headers(of: server, at: 0)
    #expect(sent["authorization"] == "Bearer rick-c137" && sent["x-tenant"] == "citadel")
    let redirected = try await Self.headers(of: other, at: 0)
    #expect(redirected["accept"] == "application/graphql-response+json, application/json;q=0.9")
    #expect(redirected["authorization"] == nil)
    #expect(redirected["x-tenant"] == nil)
  }

  /// `localhost` and `127.0.0.1` are different origins, though the same server answers.
  @Test func anotherHostNameOfTheSameServerGetsNoneOfTheAppsHeaders() async throws {
    let server = try await Self.origin.fresh()
    try await server.control(["command": "redirect", "to": .string("http://localhost:\(server.port)/graphql"), "count": 1])
    let transport = HTTPTransport(endpoint: server.graphQLURL, headers: Self.appHeaders, timeout: .seconds(30))
    _ = try? await transport.payload(for: Self.request).body

    let redirected = try await Self.headers(of: server, at: 1)
    #expect(redirected["accept"] != nil, "the redirect was not followed")
    #expect(redirected["authorization"] == nil)
    #expect(redirected["x-tenant"] == nil)
  }

  @Test func theSameOriginKeepsTheAppsHeadersAndAnswers() async throws {
    let server = try await Self.origin.fresh()
    try await server.control(["command": "redirect", "to": "/graphql?moved", "count": 1])
    let transport = HTTPTransport(endpoint: server.graphQLURL, headers: Self.appHeaders, timeout: .seconds(30))
    let body = try await transport.payload(for: Self.request).body

    let redirected = try await Self.headers(of: server, at: 1)
    #expect(redirected["authorization"] == "Bearer rick-c137" && redirected["x-tenant"] == "citadel")
    #expect(try JSONReader.parse(body)["data"]?["character"]?["name"]?.stringValue == "Morty Smith")
  }

  @Test func endlessRedirectsEndAsAnHTTPFailure() async throws {
    let server = try await Self.origin.fresh()
    try await server.control(["command": "redirect", "to": "/graphql"])
    let transport = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30))
    await #expect {
      try await transport.payload(for: Self.request).body
    } throws: { error in
      let error = error as? TransportError
      return error?.kind == .http(status: 307) && error?.message.contains("more than 10 redirects") == true
    }
    #expect(try await server.requestCount(operationName: "Name") == 11)
  }

  /// A 302 would make the POST a GET without its query: it is reported, not followed.
  @Test func aRedirectThatWouldDropThePOSTIsAnHTTPFailure() async throws {
    let server = try await Self.origin.fresh()
    try await server.control(["command": "redirect", "to": "/graphql", "status": 302, "count": 1])
    let transport = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30))
    await #expect {
      try await transport.payload(for: Self.request).body
    } throws: { error in
      (error as? TransportError)?.kind == .http(status: 302)
    }
    #expect(try await server.requestCount(operationName: "Name") == 1)
  }
}
