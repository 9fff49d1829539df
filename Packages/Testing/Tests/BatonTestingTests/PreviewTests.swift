import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Testing

/// `GraphQLEnvironment.preview` puts a handle in each state a screen shows, synchronously
/// and with no server.
struct PreviewTests {
  @Test func loading() {
    let handle = GraphQLEnvironment.preview(Rick.query, .loading)
    #expect(handle.phase.isLoading)
    #expect(handle.fetch.isInFlight)
  }

  @Test func ready() {
    let handle = GraphQLEnvironment.preview(Rick.query, .ready(Rick.response))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.phase.data?.character?.origin?.name == "Earth (C-137)")
    #expect(handle.fetch == .idle)
    #expect(!handle.isStale && !handle.isRefreshing && handle.fieldErrors.isEmpty)
  }

  @Test func readyFromBuiltDataReadsAsTheSameResponse() {
    let built = EndToEnd.RickOriginNameQuery.Data(
      character: .init(id: "1", name: "Rick Sanchez", origin: .init(id: "1", name: "Earth (C-137)")))
    let typed = GraphQLEnvironment.preview(Rick.query, .ready(PreviewResponse(built)))
    let untyped = GraphQLEnvironment.preview(Rick.query, .ready(Rick.response))
    #expect(typed.phase.data == built)
    #expect(typed.phase.data == untyped.phase.data)

    let withError = built.withFieldError("origin unavailable", at: ["character", "origin"])
    let erred = GraphQLEnvironment.preview(Rick.query, .ready(PreviewResponse(withError)))
    #expect(erred.phase.data?.character?.origin == nil)
    #expect(erred.fieldErrors.map(\.field) == ["origin"])
    #expect(erred.fieldErrors.first?.kind == .fieldError([FieldError(message: "origin unavailable")]))
  }

  @Test func readyAndRefreshing() {
    let handle = GraphQLEnvironment.preview(Rick.query, .refreshing(Rick.response))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.isRefreshing)
    #expect(!handle.isStale)
  }

  @Test func readyWithAFailedRefresh() {
    let handle = GraphQLEnvironment.preview(Rick.query, .refreshFailed(Rick.response, .http(status: 500)))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.fetch.failure?.kind == .http(status: 500))
    #expect(handle.fetch.failure?.message == "The server answered HTTP 500.")
  }

  @Test func staleByAge() {
    let handle = GraphQLEnvironment.preview(Rick.query, .staleByAge(Rick.response), staleAfter: .seconds(60))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.isStale)
    #expect(handle.fetch == .idle)
  }

  @Test func staleByMark() {
    let handle = GraphQLEnvironment.preview(Rick.query, .staleByMark(Rick.response))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.isStale)
    #expect(handle.fetch == .idle)
  }

  @Test func aFieldErrorOnANamedField() throws {
    let data: JSONValue = ["character": ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "origin": nil]]
    let response = PreviewResponse(data: data).fieldError("The origin is classified", at: "character", "origin")
    let handle = GraphQLEnvironment.preview(Rick.query, .ready(response))
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.phase.data?.character?.origin == nil)
    let error = try #require(handle.fieldErrors.first)
    #expect(handle.fieldErrors.count == 1)
    #expect(error.field == "origin" && error.record == "Character:1")
    #expect(error.kind == .fieldError([FieldError(message: "The origin is classified")]))
  }

  @Test func missingDataWithItsHealInProgress() {
    let issues = RuntimeIssueRecorder()
    let data: JSONValue = ["character": ["__typename": "Character", "id": "1", "origin": Rick.origin]]
    let handle = RuntimeIssues.withHandler(issues.handler) {
      GraphQLEnvironment.preview(Rick.query, .healing(missing: data))
    }
    #expect(handle.phase.data?.character?.origin?.name == "Earth (C-137)")
    #expect(handle.isRefreshing)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("Character:1") == true)
    #expect(issues.messages.first?.contains("is refetched once") == true)
  }

  @Test func failed() {
    let handle = GraphQLEnvironment.preview(Rick.query, .failed(.transport))
    guard case .failed(.fetch(let failure)) = handle.phase else {
      Issue.record("expected a failed fetch, got \(handle.phase)")
      return
    }
    #expect(failure.kind == .transport)
    #expect(!handle.fetch.isInFlight)
  }

  @Test func aResponseThatDoesNotFitTheOperationFailsSayingWhy() {
    let handle = GraphQLEnvironment.preview(Rick.query, .ready(PreviewResponse(data: ["character": ["id": "1"]])))
    #expect(handle.phase.error != nil)
    #expect(handle.fetch.failure?.kind == .malformed)
    #expect(handle.fetch.failure?.message.contains("RickOriginName") == true)
  }

  @Test func aRefetchOfAPreviewStaysInFlight() async throws {
    let handle = GraphQLEnvironment.preview(Rick.query, .ready(Rick.response), deliver: .writingThread)
    let refetch = Task { await handle.refetch() }
    try await handle.snapshots(until: { $0.fetch.isInFlight }, within: .seconds(5))
    #expect(handle.isRefreshing)
    refetch.cancel()
  }
}
