import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Testing

/// The scripted transport through a real environment: replies in order, faults as the
/// fetch failures they become, delays on the manual clock, and the request log.
struct ScriptedTransportTests {
  @Test func repliesInOrderAndLogsEveryRequest() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.data(Rick.data))
    transport.enqueue(.httpStatus(500))
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(Rick.query)
    #expect(try await handle.settledData().character?.name == "Rick Sanchez")
    await handle.refetch()
    #expect(handle.fetch.failure?.kind == .http(status: 500))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(transport.requests.map(\.operationName) == ["RickOriginName", "RickOriginName"])
    #expect(transport.requests.first?.variables == ["id": "1"])
    #expect(transport.pendingReplies == 0)
  }

  @Test(arguments: [
    (ScriptedReply.transportError("connection refused"), FetchFailure.Kind.transport),
    (.malformed("text/html is not a GraphQL media type"), .malformed),
    (.body(Array("<html>busy</html>".utf8)), .malformed),
    (.response(["data": nil, "errors": [["message": "no such character"]]]),
      .graphQL([FieldError(message: "no such character")])),
    (.httpStatus(503), .http(status: 503)),
  ])
  func aFaultFailsTheFetchAsItsKind(_ reply: ScriptedReply, _ kind: FetchFailure.Kind) async throws {
    let transport = ScriptedTransport()
    transport.enqueue(reply)
    let handle = GraphQLEnvironment(transport: transport).watch(Rick.query)
    let snapshot = try await handle.settled()
    #expect(snapshot.phase.error == .fetch(try #require(snapshot.fetch.failure)))
    #expect(snapshot.fetch.failure?.kind == kind)
  }

  @Test func aDelayedReplyWaitsForTheClock() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock)
    transport.enqueue(.delayed(.seconds(30), .data(Rick.data)))
    let handle = GraphQLEnvironment(transport: transport, clock: clock).watch(Rick.query)
    try await eventually("the reply waits on the clock") { clock.sleeperDeadlines.count == 1 }
    #expect(handle.phase.isLoading)
    clock.advance(by: .seconds(29))
    #expect(clock.sleeperDeadlines.count == 1)
    clock.advance(by: .seconds(1))
    #expect(try await handle.settledData().character?.name == "Rick Sanchez")
  }

  @Test func repliesForAnOperationComeBeforeRepliesForAny() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.httpStatus(500))
    transport.enqueue(.data(Rick.data), for: "RickOriginName")
    let handle = GraphQLEnvironment(transport: transport).watch(Rick.query)
    #expect(try await handle.settledData().character?.name == "Rick Sanchez")
    #expect(transport.pendingReplies == 1)
  }

  @Test func aStandingReplyAnswersEveryRequestOfItsOperation() async throws {
    let transport = ScriptedTransport()
    transport.answerAlways(.data(Rick.data), for: "RickOriginName")
    let handle = GraphQLEnvironment(transport: transport).watch(Rick.query)
    try await handle.settledData()
    await handle.refetch()
    await handle.refetch()
    #expect(handle.fetch == .idle)
    #expect(transport.requestCount(operationName: "RickOriginName") == 3)
  }

  @Test func anUnscriptedRequestFailsNamingItsOperation() async throws {
    let handle = GraphQLEnvironment(transport: ScriptedTransport()).watch(Rick.query)
    let failure = try await handle.fetchFailure()
    #expect(failure.kind == .transport)
    #expect(failure.message == "ScriptedTransport: no reply was queued for RickOriginName")
  }

  @Test func aComputedReplyAnswersFromTheRequest() async throws {
    let transport = ScriptedTransport()
    transport.enqueue(.computed { request in
      request.variables["id"] == "1" ? .data(Rick.data) : .httpStatus(404)
    })
    let handle = GraphQLEnvironment(transport: transport).watch(Rick.query)
    #expect(try await handle.settledData().character?.origin?.name == "Earth (C-137)")
  }
}
