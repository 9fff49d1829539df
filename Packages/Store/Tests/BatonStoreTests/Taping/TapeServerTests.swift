@_spi(Development) import BatonNormalizer
import Foundation
import Testing

@testable import BatonTestServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server the store's taped suites talk to, replaying a tape made here: it answers
/// with the recorded bytes, counts what really arrived, and turns what the tape does not
/// hold into the test's problems.
@Suite struct TapeServerTests {
  /// Members in sorted order, as a tape file holds them.
  static let query: JSONValue = ["operationName": "A", "query": "query A { a }"]
  static let reply = "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"data\":{}}"

  /// A replaying scope over `tape`, written to a file of its own, and a server on it.
  static func replaying(_ tape: Tape) throws -> (TapeScope, TestServer) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("tape-\(UUID().uuidString).json")
    try tape.write(to: file)
    let scope = TapeScope(file: file, name: "TapeServerTests", mode: .replay, rerecord: "re-record it")
    return (scope, TestServer(front: try TapeServer(scope: scope, upstream: nil), upstream: nil))
  }

  static let oneExchange = Tape(
    controls: [TapeControl(commands: [["command": "reset"]], status: 200, reply: ["applied": 1, "ok": true])],
    exchanges: [
      TapeExchange(
        request: TapeRequest(
          method: "POST", target: "/graphql", accept: "application/json", authorization: nil, body: query,
          bodyText: nil),
        chunks: [TapeChunk(at: 0, bytes: Array(reply.utf8))], clientLeft: false)
    ])

  /// POSTs `body` to the server's `/graphql` as JSON; the status and the body that came back.
  static func post(_ body: String, to server: TestServer) async throws -> (Int, String) {
    var request = URLRequest(url: server.graphQLURL)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body.utf8)
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  @Test func aReplayAnswersWithTheRecordedBytesAndCountsWhatArrived() async throws {
    let (scope, server) = try Self.replaying(Self.oneExchange)
    defer { try? scope.finish() }
    try await server.reset()
    // Members in another order and spacing: the body is compared as JSON.
    let body = #"{"query":"query A { a }",  "operationName":"A"}"#
    #expect(try await Self.post(body, to: server) == (200, #"{"data":{}}"#))
    // Sent once more than recorded: answered as the last time, and counted as sent.
    #expect(try await Self.post(body, to: server) == (200, #"{"data":{}}"#))
    #expect(try await server.requestCount(operationName: "A") == 2)
    #expect(try await server.lastRequestBody() == ["query": "query A { a }", "operationName": "A"])
    #expect(scope.problems.isEmpty)
  }

  @Test func aRequestTheTapeNeverSawIsAProblemAndA500() async throws {
    let (scope, server) = try Self.replaying(Self.oneExchange)
    defer { try? scope.finish() }
    try await server.reset()
    let (status, _) = try await Self.post(#"{"query": "query A { a }", "operationName": "A", "variables": {"x": 1}}"#, to: server)
    #expect(status == 500)
    #expect(scope.problems.count == 1)
    #expect(scope.problems.first?.hasPrefix("tape is stale: the tape has no reply for POST /graphql A") == true)
    #expect(try await server.requestCount(operationName: "A") == 1)
  }

  @Test func aControlCommandTheTapeDoesNotHoldIsAProblem() async throws {
    let (scope, server) = try Self.replaying(Self.oneExchange)
    defer { try? scope.finish() }
    try await server.control(["command": "delay", "ms": 100])
    #expect(scope.problems == [
      #"tape is stale: the test sent control [{"command":"delay","ms":100}] where its tape has [{"command":"reset"}]; re-record it"#
    ])
  }

  @Test func aReplayWaitsTheRecordedTime() async throws {
    var tape = Self.oneExchange
    tape.exchanges[0].chunks = [TapeChunk(at: 300, bytes: Array(Self.reply.utf8))]
    let (scope, server) = try Self.replaying(tape)
    defer { try? scope.finish() }
    try await server.reset()
    let started = ContinuousClock.now
    _ = try await Self.post(JSONWriter.string(Self.query), to: server)
    #expect(ContinuousClock.now - started >= .milliseconds(300))
  }

  @Test func aRecordingKeepsTheTimesTheTestAskedForAndDropsTheVaryingHeaders() {
    let head = "HTTP/1.0 200 OK\r\nServer: BatonTestServer/1 Python/3.12.1\r\nDate: Fri, 04 Dec 2026 23:00:00 GMT\r\n"
    let tape = Tape(
      controls: [
        TapeControl(commands: [["command": "delay", "ms": 300], ["command": "delayIncrements", "ms": 200]], status: 200, reply: nil)
      ],
      exchanges: [
        TapeExchange(
          request: Self.oneExchange.exchanges[0].request,
          chunks: [
            TapeChunk(at: 12, bytes: Array(head.utf8)), TapeChunk(at: 37, bytes: Array("\r\n{\"a\":".utf8)),
            TapeChunk(at: 341, bytes: Array("1".utf8)), TapeChunk(at: 580, bytes: Array("}".utf8)),
          ], clientLeft: false)
      ])
    let chunks = tape.normalized().exchanges[0].chunks
    #expect(chunks.map(\.at) == [0, 300, 500])
    #expect(chunks.map { String(decoding: $0.bytes, as: UTF8.self) } == ["HTTP/1.0 200 OK\r\n\r\n{\"a\":", "1", "}"])
  }

  @Test func aTapeReadsBackAsItWasWritten() throws {
    var tape = Self.oneExchange
    tape.exchanges[0].chunks.append(TapeChunk(at: 100, bytes: [0xFF, 0x00, 0x7F]))
    tape.exchanges[0].chunks.append(TapeChunk(at: 200, bytes: Array("a".utf8) + Array(repeating: UInt8(ascii: "y"), count: 5000)))
    tape.exchanges[0].clientLeft = true
    tape.observations = [TapeObservation(path: "/control/network", reply: ["refreshes": 1])]
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try tape.write(to: file)
    #expect(try Tape.read(file) == tape)
    // A run of one byte is a count, not 5,000 bytes.
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#"{"count":5000,"repeat":"y"}"#))
    #expect(text.utf8.count < 3000)
  }

  @Test(arguments: [
    ("GET", "/graphql?query=query%20B%20%7B%20b%20%7D", "", "B"),
    ("POST", "/graphql", #"{"query": "query C($id: ID!) { c(id: $id) { d } }"}"#, "C"),
    ("POST", "/graphql", #"{"query": "query C { c } query D { d }", "operationName": "D"}"#, "D"),
    ("POST", "/graphql", #"{"query": "query C { c } query D { d }"}"#, ""),
    ("POST", "/graphql", #"{"query": "{ query }"}"#, ""),
  ])
  func requestsAreCountedUnderTheNameServerPyGivesThem(method: String, target: String, body: String, name: String) {
    let request = TapeHTTPRequest(method: method, target: target, headers: [], body: Array(body.utf8), raw: [])
    #expect(request.operationName == name)
  }
}
