@testable import BatonStore
import BatonNormalizer
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// `GraphQLEnvironment.fetch`: one answer from a handle that is dropped on return.
@Suite(.serialized, .taped) struct OneShotFetchTests {
  static let shared = SharedServer()

  @Test func fetchReturnsTheDataAndDropsItsHandle() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let data = try await environment.fetch(CharacterDetail(id: "1"), policy: .networkOnly)
    #expect(data.character?.fields == CharacterFields(id: "1", name: "Rick Sanchez", species: "Human", type: nil))
    #expect(environment.handleCount == 0)
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }

  @Test func defaultPolicyAnswersFromTheStoreWithoutARequest() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    _ = try await environment.fetch(CharacterDetail(id: "2"))
    let again = try await environment.fetch(CharacterDetail(id: "2"))
    #expect(again.character?.name == "Morty Smith")
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
    #expect(environment.handleCount == 0)
  }

  @Test func fetchThrowsTheFetchFailureOnHTTP500() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 500, "count": 1])
    let environment = server.environment()
    do {
      let data = try await environment.fetch(CharacterDetail(id: "1"), policy: .networkOnly)
      Issue.record("expected a failure, got \(data)")
    } catch OperationError.fetch(let failure) {
      #expect(failure.kind == .http(status: 500))
    }
    #expect(environment.handleCount == 0)
  }

  @Test func fetchThrowsTheRequestErrors() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 400, "json": ["errors": [["message": "bad request"]]], "count": 1])
    let environment = server.environment()
    do {
      let data = try await environment.fetch(CharacterDetail(id: "1"))
      Issue.record("expected a failure, got \(data)")
    } catch OperationError.fetch(let failure) {
      #expect(failure.kind == .graphQL([FieldError(message: "bad request")]))
    }
    #expect(environment.handleCount == 0)
  }

  @Test func aFieldErrorIsReadOnTheDataReturned() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:3.type", "message": "type unavailable"])
    let environment = server.environment()
    let data = try await environment.fetch(NullOnError.CharacterDetailQuery(id: "3"), policy: .networkOnly)
    #expect(data.character?.fields == CharacterFields(id: "3", name: "Summer Smith", species: "Human", type: nil))
    // The error the fetch stored beside the field reads back, as a handle shows it.
    let handle = environment.watch(NullOnError.CharacterDetailQuery(id: "3"), policy: .storeOnly)
    #expect(handle.phase.data == data)
    let event = try #require(handle.fieldErrors.first)
    #expect(event.record == "Character:3" && event.field == "type")
    #expect(event.kind == .fieldError([FieldError(message: "type unavailable")]))
  }

  @Test func cancellingTheCallerCancelsTheFetch() async throws {
    let server = try await Self.shared.fresh()
    // The reply comes long after the cancellation, so even a test process too busy to run
    // the caller for seconds tells a fetch that ended at the cancel from one that waited.
    try await server.control(["command": "delay", "ms": 30_000, "count": 1])
    let environment = server.environment()
    let fetch = Task { try await environment.fetch(CharacterDetail(id: "1"), policy: .networkOnly) }
    try await eventually("the fetch is in flight") { environment.handleCount == 1 }
    try await Task.sleep(for: .milliseconds(100))
    let cancelled = ContinuousClock.now
    fetch.cancel()
    let result = await fetch.result
    #expect(ContinuousClock.now - cancelled < .seconds(20))
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(environment.handleCount == 0)
  }
}
