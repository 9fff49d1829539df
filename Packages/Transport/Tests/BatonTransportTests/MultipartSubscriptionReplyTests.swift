@testable import BatonTransport
import Foundation
import Testing

/// A multipart subscription reply read piece by piece, as URLSession hands it over: which
/// parts are results, which end the subscription, and which answers fail it.
@Suite struct MultipartSubscriptionReplyTests {
  static let contentType = #"multipart/mixed;boundary="graphql";subscriptionSpec="1.0""#

  static func part(_ json: String) -> String {
    "\r\ncontent-type: application/json\r\n\r\n\(json)\r\n--graphql"
  }

  /// Each piece's read, the head first.
  static func reads(
    status: Int = 200, contentType: String? = contentType, _ pieces: [String]
  ) throws -> [MultipartSubscriptionReply.Read] {
    var reply = MultipartSubscriptionReply(maximumPartBytes: 1 << 10)
    var reads = [try reply.read(.head(status: status, contentType: contentType, retryAfter: nil))]
    for piece in pieces { reads.append(try reply.read(.body(Data(piece.utf8)))) }
    return reads
  }

  static func results(_ reads: [MultipartSubscriptionReply.Read]) -> [String] {
    reads.flatMap(\.results).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func payloadsAreResultsAndHeartbeatsAreNot() throws {
    let reads = try Self.reads([
      "--graphql" + Self.part("{}") + Self.part(#"{"payload":{"data":{"n":1}}}"#),
      Self.part(#"{"payload":{"data":{"n":2},"errors":[{"message":"partial"}]}}"#) + Self.part("{}"),
    ])
    #expect(reads.first?.opened == true)
    #expect(Self.results(reads) == [#"{"data":{"n":1}}"#, #"{"data":{"n":2},"errors":[{"message":"partial"}]}"#])
    #expect(reads.map(\.ended) == [false, false, false])
  }

  @Test func theClosingDelimiterEndsTheSubscription() throws {
    let reads = try Self.reads(["--graphql" + Self.part(#"{"payload":{"data":{"n":1}}}"#) + "--\r\n"])
    #expect(Self.results(reads) == [#"{"data":{"n":1}}"#])
    #expect(reads.last?.ended == true)
  }

  @Test func aTransportLevelErrorIsTheLastResult() throws {
    let reads = try Self.reads([
      "--graphql" + Self.part(#"{"payload":null,"errors":[{"message":"gone"}]}"#)
        + Self.part(#"{"payload":{"data":{"n":1}}}"#)
    ])
    #expect(Self.results(reads) == [#"{"errors":[{"message":"gone"}]}"#])
    #expect(reads.last?.ended == true)
  }

  @Test func aJSONAnswerIsOneResultOnceItsBodyEnds() throws {
    var reply = MultipartSubscriptionReply(maximumPartBytes: 1 << 10)
    let head = try reply.read(.head(status: 200, contentType: "application/json; charset=utf-8", retryAfter: nil))
    _ = try reply.read(.body(Data(#"{"errors":"#.utf8)))
    _ = try reply.read(.body(Data(#"[{"message":"no"}]}"#.utf8)))
    #expect(!head.opened)
    #expect(try reply.finish().map { String(decoding: $0, as: UTF8.self) } == #"{"errors":[{"message":"no"}]}"#)
  }

  @Test func aBodyThatBreaksOffHasNoLastResult() throws {
    var reply = MultipartSubscriptionReply(maximumPartBytes: 1 << 10)
    _ = try reply.read(.head(status: 200, contentType: Self.contentType, retryAfter: nil))
    _ = try reply.read(.body(Data(("--graphql" + Self.part("{}")).utf8)))
    #expect(try reply.finish() == nil)
  }

  @Test(arguments: [
    (200, "text/html", TransportError.Kind.malformed), (400, "application/json", .http(status: 400)),
    (503, "text/plain", .http(status: 503)),
  ])
  func anotherAnswerFailsWithItsKind(status: Int, contentType: String, kind: TransportError.Kind) {
    #expect(throws: TransportError(kind, "")) {
      do {
        _ = try Self.reads(status: status, contentType: contentType, [])
      } catch let error as TransportError {
        throw TransportError(error.kind, "")
      }
    }
  }

  @Test(arguments: ["not json", "[1]", #"{"payload":3}"#, #"{"data":{}}"#])
  func aPartOutsideTheProtocolIsMalformed(_ json: String) {
    #expect(throws: TransportError(.malformed, "")) {
      do {
        _ = try Self.reads(["--graphql" + Self.part(json)])
      } catch let error as TransportError {
        throw TransportError(error.kind, "")
      }
    }
  }

  @Test func aPartOverTheLimitIsMalformed() {
    let large = #"{"payload":{"data":{"s":""# + String(repeating: "x", count: 2 << 10) + #""}}}"#
    #expect(throws: TransportError.self) { _ = try Self.reads(["--graphql" + Self.part(large)]) }
  }
}
