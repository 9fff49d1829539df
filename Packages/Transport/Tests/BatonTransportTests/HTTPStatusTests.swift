@testable import BatonTransport
import Testing

/// How `GraphQLOverHTTP.responseBody` reads a reply (GraphQL over HTTP, "Status codes").
@Suite struct HTTPStatusTests {
  static let requestErrors = Array(#"{"errors":[{"message":"bad query"}]}"#.utf8)
  static let data = Array(#"{"data":{"x":1}}"#.utf8)

  /// `nil` kind: the body is handed on as a GraphQL response.
  static let cases: [(status: Int, contentType: String?, body: [UInt8], kind: TransportError.Kind?)] = [
    (200, "application/graphql-response+json; charset=utf-8", data, nil),
    (200, "application/json", data, nil),
    (200, "text/html; charset=utf-8", Array("<html></html>".utf8), .malformed),
    (200, nil, data, .malformed),
    (400, "application/graphql-response+json", requestErrors, nil),
    (401, "application/json", requestErrors, .http(status: 401)),
    (500, "application/json; charset=utf-8", requestErrors, .http(status: 500)),
    (500, "application/graphql-response+json", data, .http(status: 500)),
    (500, "text/html", Array("<html>oops</html>".utf8), .http(status: 500)),
    (503, "application/json", Array("not json".utf8), .http(status: 503)),
    (404, "application/json", Array(#"{"errors":[]}"#.utf8), .http(status: 404)),
  ]

  @Test(arguments: cases)
  func replyIsReadAsTheSpecSays(status: Int, contentType: String?, body: [UInt8], kind: TransportError.Kind?) {
    do {
      let passed = try GraphQLOverHTTP.responseBody(status: status, contentType: contentType, body: body)
      #expect(kind == nil, "expected \(String(describing: kind)), the body was passed on")
      #expect(passed == body)
    } catch {
      #expect(error.kind == kind)
    }
  }

  /// A non-2xx `application/json` body is no GraphQL response, but its messages say why.
  @Test func aJSONErrorBodyOfA5xxIsTheHTTPFailuresDetail() {
    #expect(throws: TransportError(.http(status: 503), "HTTP 503: bad query; try later")) {
      try GraphQLOverHTTP.responseBody(
        status: 503, contentType: "application/json",
        body: Array(#"{"errors":[{"message":"bad query"},{"message":"try later"}]}"#.utf8))
    }
  }
}
