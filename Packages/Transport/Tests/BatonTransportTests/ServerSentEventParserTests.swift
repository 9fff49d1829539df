@testable import BatonTransport
import Testing

/// The `text/event-stream` parser under the HTML standard's rules, fed in any chunking.
@Suite struct ServerSentEventParserTests {
  static let stream = Array(
    ": a comment\r\nevent: next\r\ndata: {\"data\":\r\ndata: 1}\r\nid: 7\r\n\r\nevent:complete\ndata:\n\ndata: bare\r\rretry: 5\n\n".utf8)

  @Test(arguments: [1, 2, 3, 7, 1000]) func eventsSurviveAnyChunking(chunkSize: Int) throws {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for start in stride(from: 0, to: Self.stream.count, by: chunkSize) {
      events += try parser.append(Self.stream[start..<min(start + chunkSize, Self.stream.count)])
    }
    #expect(events == [
      ServerSentEvent(name: "next", data: "{\"data\":\n1}"),
      ServerSentEvent(name: "complete", data: ""),
      ServerSentEvent(name: "message", data: "bare"),
    ])
  }

  @Test func anEventWithoutDataIsNotDispatched() throws {
    var parser = ServerSentEventParser()
    #expect(try parser.append(Array("event: next\n\n".utf8)).isEmpty)
  }

  @Test func anOverlongLineIsAnError() {
    var parser = ServerSentEventParser(maximumLineBytes: 8)
    #expect(throws: ServerSentEventParser.LineTooLong.self) { try parser.append(Array("data: 0123456789".utf8)) }
  }
}
