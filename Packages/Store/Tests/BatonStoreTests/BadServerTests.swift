import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import Testing

/// A server behaving badly: each case ends in the right failure kind and leaves the store
/// as it was.
@Suite(.serialized, .taped) struct BadServerTests {
  static let shared = SharedServer()

  static let cases: [(name: String, fault: JSONValue, kind: FetchFailure.Kind)] = [
    ("not JSON", ["command": "malformed", "kind": "notJSON", "count": 1], .malformed),
    ("200 with HTML", ["command": "malformed", "kind": "html", "count": 1], .malformed),
    ("truncated JSON", ["command": "malformed", "kind": "truncatedJSON", "count": 1], .malformed),
    ("over the size limit", ["command": "malformed", "kind": "oversized", "megabytes": 2, "count": 1], .malformed),
    ("dropped halfway", ["command": "drop", "when": "midBody", "count": 1], .transport),
    ("dropped before a byte", ["command": "drop", "when": "beforeResponse", "count": 1], .transport),
    ("500 with an HTML page", ["command": "respond", "status": 500, "count": 1], .http(status: 500)),
    (
      "500 with a JSON errors body",
      [
        "command": "respond", "status": 500, "json": ["errors": [["message": "internal"]]],
        "contentType": "application/json", "count": 1,
      ], .http(status: 500)
    ),
  ]

  @Test(arguments: cases)
  func badReplyFailsAndChangesNothing(name: String, fault: JSONValue, kind: FetchFailure.Kind) async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(maximumResponseSize: 1024 * 1024)
    let handle = environment.watch(CharacterDetail(id: "5"))
    let data = try await handle.settledData()
    let records = environment.records
    try await server.control(fault)
    await handle.refetch()
    #expect(handle.fetch.failure?.kind == kind, "\(name): \(String(describing: handle.fetch.failure))")
    #expect(handle.phase.data == data)
    #expect(environment.records == records)
  }

  @Test func stallEndsInATimeout() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(timeout: .seconds(1))
    let handle = environment.watch(CharacterDetail(id: "6"))
    let data = try await handle.settledData()
    let records = environment.records
    try await server.control(["command": "delay", "ms": 30_000, "count": 1])
    let started = ContinuousClock.now
    await handle.refetch()
    let elapsed = ContinuousClock.now - started
    #expect(handle.fetch.failure?.kind == .transport)
    #expect(handle.fetch.failure?.message.contains("timed out") == true)
    // Far under the server's 30 s: a busy test process may run the caller seconds late.
    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(20))
    #expect(handle.phase.data == data)
    #expect(environment.records == records)
  }

  @Test func droppingTheLastHandleCancelsTheFetch() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delay", "ms": 30_000, "count": 1])
    let environment = server.environment(timeout: .seconds(60))
    var handle: OperationHandle<CharacterDetail>? = environment.watch(CharacterDetail(id: "7"))
    #expect(handle?.fetch.isInFlight == true)
    try await eventually("the server has the request") {
      try await server.requestCount(operationName: "CharacterDetail") > 0
    }
    weak let dropped = handle
    handle = nil
    #expect(dropped == nil)
    // A new holder starts a fetch of its own: the first was cancelled, not joined.
    let started = ContinuousClock.now
    let again = environment.watch(CharacterDetail(id: "7"))
    try await again.settledData()
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 2)
  }
}
