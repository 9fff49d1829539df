@testable import BatonTransport
import Testing

/// The `multipart/mixed` reader fed the loopback server's framing (and RFC 2046's other
/// forms) in every split: each byte alone, pieces of every size, and a split at every offset.
@Suite struct MultipartMixedParserTests {
  static let first = #"{"data":{"character":{"id":"1"}},"pending":[{"id":"0","path":["character"]}],"hasNext":true}"#
  static let second = #"{"incremental":[{"id":"0","data":{"species":"Human"}}],"completed":[{"id":"0"}],"hasNext":false}"#
  static let body = Array(
    ("\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + first
      + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + second + "\r\n-----\r\n").utf8)

  static func parts(_ body: [UInt8], splitAt cuts: [Int], boundary: String = "-") throws -> [MultipartMixedParser.Part] {
    var parser = MultipartMixedParser(boundary: boundary)
    var parts: [MultipartMixedParser.Part] = []
    var start = 0
    for cut in cuts + [body.count] where cut >= start {
      parts += try parser.append(body[start..<cut])
      start = cut
    }
    try parser.finish()
    return parts
  }

  static func bodies(_ parts: [MultipartMixedParser.Part]) -> [String] {
    parts.map { String(decoding: $0.body, as: UTF8.self) }
  }

  @Test func splitAtEveryOffsetGivesTheSameParts() throws {
    for cut in 0...Self.body.count {
      let parts = try Self.parts(Self.body, splitAt: [cut])
      #expect(Self.bodies(parts) == [Self.first, Self.second], "split at \(cut)")
      #expect(parts.first?.headers["content-type"] == "application/json; charset=utf-8")
    }
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13, 64]) func piecesOfAnySizeGiveTheSameParts(size: Int) throws {
    let parts = try Self.parts(Self.body, splitAt: Array(stride(from: size, to: Self.body.count, by: size)))
    #expect(Self.bodies(parts) == [Self.first, Self.second])
  }

  /// The loopback server, like graphql-helix, writes the delimiter right after each part:
  /// the part is read then, before the next one (held back by `delayIncrements`) comes.
  @Test func aPartIsReadWhenTheDelimiterAfterItArrives() throws {
    let head = Array(("\r\n---\r\nContent-Type: application/json\r\n\r\n" + Self.first + "\r\n---").utf8)
    var parser = MultipartMixedParser(boundary: "-")
    #expect(Self.bodies(try parser.append(head)) == [Self.first])
    let tail = Array(("\r\nContent-Type: application/json\r\n\r\n" + Self.second + "\r\n-----\r\n").utf8)
    #expect(Self.bodies(try parser.append(tail)) == [Self.second])
    #expect(parser.isClosed)
  }

  @Test func aPreambleAnEpilogueAPartWithoutHeadersAndPaddingAreRead() throws {
    let body = Array("ignored preamble\r\n--b42  \r\n\r\n{}\r\n--b42\r\nX-A:1\r\n\r\n[1]\r\n--b42--\r\nepilogue".utf8)
    let parts = try Self.parts(body, splitAt: [3, 19, 20, 26], boundary: "b42")
    #expect(Self.bodies(parts) == ["{}", "[1]"])
    #expect(parts.map(\.headers) == [[:], ["x-a": "1"]])
  }

  @Test func aBodyThatStartsWithTheDelimiterNeedsNoCRLF() throws {
    let body = Array("--zz\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n--zz--".utf8)
    #expect(Self.bodies(try Self.parts(body, splitAt: [1], boundary: "zz")) == ["{\"a\":1}"])
  }

  /// strawberry-graphql's subscription body: its first heartbeat before any delimiter, and
  /// a close right after the last delimiter line, without a CRLF of its own.
  @Test func aCloseRightAfterADelimiterLineEndsTheBody() throws {
    let part = "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n"
    let body = Array((part + "{}\r\n--graphql" + part + #"{"payload":{"data":{"count":1}}}"# + "\r\n--graphql\r\n--graphql--\r\n").utf8)
    for cut in 0...body.count {
      let parts = try Self.parts(body, splitAt: [cut], boundary: "graphql")
      #expect(Self.bodies(parts) == [#"{"payload":{"data":{"count":1}}}"#], "split at \(cut)")
    }
  }

  @Test func theBoundaryComesFromTheContentType() {
    #expect(MultipartMixedParser.boundary(ofContentType: #"multipart/mixed; boundary="-"; deferSpec=20220824"#) == "-")
    #expect(MultipartMixedParser.boundary(ofContentType: "Multipart/Mixed;deferSpec=20220824;BOUNDARY=graphql") == "graphql")
    #expect(MultipartMixedParser.boundary(ofContentType: "multipart/mixed") == nil)
    #expect(MultipartMixedParser.boundary(ofContentType: "application/json; boundary=x") == nil)
    #expect(MultipartMixedParser.boundary(ofContentType: #"multipart/mixed; boundary="""#) == nil)
  }

  @Test func aBodyCutOffBeforeItsCloseFailsSayingWhere() {
    let cut = Array(Self.body.prefix(Self.body.count - 40))
    #expect {
      try Self.parts(cut, splitAt: [])
    } throws: { error in
      let failure = error as? MultipartFailure
      return failure?.message == "the multipart body ended inside part 2" && failure?.offset == cut.count
    }
    #expect(throws: MultipartFailure.self) { try Self.parts([], splitAt: []) }
  }

  @Test func garbageAfterADelimiterFailsAtItsOffset() {
    let body = Array("\r\n--x!\r\n\r\n{}\r\n--x--".utf8)
    #expect {
      try Self.parts(body, splitAt: [4], boundary: "x")
    } throws: { error in
      (error as? MultipartFailure)?.offset == 5
    }
  }

  @Test func aHeaderLineWithoutANameFails() {
    let body = Array("--x\r\nno colon here\r\n\r\n{}\r\n--x--".utf8)
    #expect(throws: MultipartFailure(message: "a header line of part 1 has no `name:`", offset: 5)) {
      try Self.parts(body, splitAt: [], boundary: "x")
    }
  }

  @Test func aWholePartOverTheLimitInOnePieceFails() {
    var parser = MultipartMixedParser(boundary: "x", maximumPartBytes: 16)
    #expect(throws: MultipartFailure(message: "part 1 is over 16 bytes", offset: 23)) {
      _ = try parser.append(Array("--x\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 17) + Array("\r\n--x--".utf8))
    }
  }

  @Test func aPartOverTheLimitFailsWithoutKeepingIt() {
    var parser = MultipartMixedParser(boundary: "x", maximumPartBytes: 16)
    #expect(throws: MultipartFailure.self) {
      _ = try parser.append(Array("--x\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 64))
    }
  }
}
