import BatonNormalizer
import BatonTesting
import Foundation
import Testing

@testable import BatonTransport

/// The chain's order, what `RetryPart` counts as worth a retry, `Retry-After`'s two forms,
/// and the GET URL's encoding, without a server.
@Suite struct TransportChainTests {
  /// Records the order requests pass it in.
  struct Tagging: TransportPart {
    let tag: String
    func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
      var request = request
      request.headers["order", default: ""] += tag
      var response = try await next.send(request)
      response.payload.body += Array(tag.utf8)
      return response
    }
  }

  @Test func theFirstPartSeesTheRequestFirstAndTheReplyLast() async throws {
    // The server echoes the order the request passed the parts in.
    let echo = ScriptedTransport(unscripted: .computed { request in
      .body(Array((request.headers["order"] ?? "").utf8) + [UInt8(ascii: "|")])
    })
    let chain = TransportChain([Tagging(tag: "a"), Tagging(tag: "b"), Tagging(tag: "c")], to: echo)
    let reply = try await chain.payload(for: GraphQLRequest(query: "{ x }", operationName: nil))
    #expect(String(decoding: reply.body, as: UTF8.self) == "abc|cba")
  }

  static let retryCases: [(error: TransportError, retried: Bool)] = [
    (TransportError(.transport, "dropped"), true),
    (TransportError(.http(status: 500), "oops"), true),
    (TransportError(.http(status: 503), "busy"), true),
    (TransportError(.http(status: 429), "slow down"), true),
    (TransportError(.http(status: 408), "timeout"), true),
    (TransportError(.http(status: 404), "gone"), false),
    (TransportError(.http(status: 401), "who"), false),
    (TransportError(.malformed, "html"), false),
  ]

  @Test(arguments: retryCases)
  func onlyFailuresThatMayPassAreRetried(error: TransportError, retried: Bool) {
    #expect((RetryPart().wait(after: error, attempt: 1) != nil) == retried)
  }

  @Test func waitsDoubleUpToTheLimitAndJitterOnlyShortens() {
    let part = RetryPart(initialDelay: .seconds(1), maximumDelay: .seconds(5), jitter: 0)
    let error = TransportError(.transport, "dropped")
    #expect((1...5).map { part.wait(after: error, attempt: $0) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    let jittered = RetryPart(initialDelay: .seconds(8), jitter: 0.5)
    for _ in 0..<100 {
      let wait = jittered.wait(after: error, attempt: 1) ?? .zero
      #expect(wait > .seconds(4) && wait <= .seconds(8))
    }
    #expect(part.wait(after: TransportError(.http(status: 503), "busy", retryAfter: .seconds(3)), attempt: 4) == .seconds(3))
  }

  @Test func retryAfterReadsSecondsAndHTTPDates() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri, 15 Jan 2027 08:00:00 GMT
    #expect(GraphQLOverHTTP.retryDelay("120", now: now) == .seconds(120))
    #expect(GraphQLOverHTTP.retryDelay("Fri, 15 Jan 2027 08:00:30 GMT", now: now) == .seconds(30))
    #expect(GraphQLOverHTTP.retryDelay("Fri, 15 Jan 2027 07:00:00 GMT", now: now) == .seconds(0))
    #expect(GraphQLOverHTTP.retryDelay("soon", now: now) == nil)
    #expect(GraphQLOverHTTP.retryDelay("-5", now: now) == nil)
  }

  @Test func aFailedReplyCarriesItsRetryAfter() {
    #expect(throws: TransportError(.http(status: 503), "HTTP 503: busy", retryAfter: .seconds(7))) {
      try GraphQLOverHTTP.responseBody(status: 503, contentType: "text/plain", body: Array("busy".utf8), retryAfter: "7")
    }
  }

  @Test func theGETURLEncodesEveryReservedCharacter() throws {
    let request = GraphQLRequest(
      query: "query Q($a: String) { f(a: $a) }", operationName: "Q", variables: ["a": .string("x+y&z=1 é")])
    let endpoint = try #require(URL(string: "https://example.com/graphql?app=1"))
    let url = try #require(HTTPTransport.getURL(endpoint, request))
    let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems)
    #expect(items.map(\.name) == ["app", "query", "operationName", "variables"])
    #expect(url.absoluteString.contains("x%2By%26z%3D1%20%C3%A9"))
    #expect(items.first { $0.name == "variables" }?.value?.removingPercentEncoding == #"{"a":"x+y&z=1 é"}"#)
  }

  @Test func errorCodesAreFoundOnlyInErrors() {
    let coded = Array(#"{"errors":[{"message":"no","extensions":{"code":"UNAUTHENTICATED"}}]}"#.utf8)
    let inData = Array(#"{"data":{"note":"UNAUTHENTICATED"}}"#.utf8)
    let byMessage = Array(#"{"errors":[{"message":"PersistedQueryNotFound"}]}"#.utf8)
    #expect(ResponseErrorCodes.contains(["UNAUTHENTICATED"], in: coded))
    #expect(!ResponseErrorCodes.contains(["UNAUTHENTICATED"], in: inData))
    #expect(ResponseErrorCodes.contains(["PersistedQueryNotFound"], in: byMessage))
    #expect(!ResponseErrorCodes.contains(["PersistedQueryNotFound"], in: coded))
  }
}

/// Automatic persisted queries send a request with uploads once, id and text together:
/// by id first, a miss would send its files a second time.
@Suite struct PersistedUploadTests {
  static let notFound = Array(#"{"errors":[{"message":"PersistedQueryNotFound"}]}"#.utf8)
  static let done = Array(#"{"data":{"uploadFile":{"size":5}}}"#.utf8)

  /// A server that knows no id: it answers a request without text `PersistedQueryNotFound`.
  static func server() -> ScriptedTransport {
    ScriptedTransport(unscripted: .computed { request in .body(request.query.isEmpty ? notFound : done) })
  }

  static func request(uploads: [String: GraphQLUpload]) -> GraphQLRequest {
    GraphQLRequest(
      query: "mutation One($file: Upload!) { uploadFile(file: $file) { size } }", operationName: "One",
      variables: ["file": .null], operationID: "abc123", kind: .mutation, uploads: uploads)
  }

  @Test func aRequestWithUploadsGoesOnceWithItsIDAndText() async throws {
    let server = Self.server()
    let chain = TransportChain([PersistedQueryPart(.automatic)], to: server)
    let upload = GraphQLUpload(data: Data("hello".utf8), filename: "a.txt")
    let reply = try await chain.payload(for: Self.request(uploads: ["variables.file": upload]))
    #expect(reply.body == Self.done)
    #expect(server.requests.count == 1)
    #expect(server.requests.first?.query.isEmpty == false)
    #expect(server.requests.first?.extensions?["persistedQuery"]?["sha256Hash"]?.stringValue == "abc123")
  }

  @Test func aRequestWithoutUploadsStillTriesTheIDAlone() async throws {
    let server = Self.server()
    let chain = TransportChain([PersistedQueryPart(.automatic)], to: server)
    _ = try await chain.payload(for: Self.request(uploads: [:]))
    #expect(server.requests.map(\.query.isEmpty) == [true, false])
  }
}
