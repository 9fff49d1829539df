import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// Phases, fetch states and fetch policies against the loopback server.
@Suite(.serialized, .taped) struct FetchTests {
  static let shared = SharedServer()

  @Test func firstFetchGoesLoadingThenReady() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    // Taken at once: a reply can come before a stream of snapshots starts.
    let first = handle.snapshot
    let seen = try await handle.snapshots(until: { $0.phase.data != nil })
    #expect(first.phase.isLoading && first.fetch.isInFlight)
    let last = try #require(seen.last)
    #expect(last.fetch == .idle)
    #expect(!last.isStale && !last.isRefreshing)
    #expect(last.phase.data?.character?.fields == CharacterFields(id: "1", name: "Rick Sanchez", species: "Human", type: nil))
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }

  @Test func refetchShowsRefreshingThenTheNewData() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()
    try await server.control(["command": "set", "target": "Character:1.name", "value": "Pickle Rick"], ["command": "delay", "ms": 200, "count": 1])
    let refetch = Task { await handle.refetch() }
    let seen = try await handle.snapshots(until: { $0.phase.data?.character?.name == "Pickle Rick" })
    await refetch.value
    #expect(seen.contains { $0.isRefreshing && $0.phase.data?.character?.name == "Rick Sanchez" })
    #expect(seen.last?.fetch == .idle)
    #expect(handle.isRefreshing == false)
  }

  @Test func firstFetchFailingFailsThePhase() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 500, "count": 1])
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    let first = handle.snapshot
    let seen = try await handle.snapshots(until: { $0.phase.error != nil })
    #expect(first.phase.isLoading && first.fetch.isInFlight)
    guard case .failed(.fetch(let failure)) = seen.last?.phase else {
      Issue.record("expected a failed fetch, got \(String(describing: seen.last?.phase))")
      return
    }
    #expect(failure.kind == .http(status: 500))
    #expect(handle.fetch == .failed(failure))
    await handle.refetch()
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.fetch == .idle)
  }

  static let faults: [(kind: String, fault: JSONValue)] = [
    ("transport", ["command": "drop", "when": "beforeResponse", "count": 1]),
    ("http", ["command": "respond", "status": 503, "body": "busy", "contentType": "text/plain", "count": 1]),
    ("malformed", ["command": "malformed", "kind": "notGraphQL", "count": 1]),
    ("graphQL", ["command": "respond", "status": 401, "json": ["errors": [["message": "log in"]]], "count": 1]),
  ]

  /// Each failure kind, caused by the server really doing it, behind data already shown.
  @Test(arguments: faults)
  func failureBehindDataKeepsTheData(kind: String, fault: JSONValue) async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let environment = server.environment(clock: clock)
    let handle = environment.watch(CharacterDetail(id: "2"))
    let before = try await handle.settledData()
    let records = environment.records
    try await server.control(fault)
    clock.advance(by: .seconds(5))
    await handle.refetch()
    let failure = try #require(handle.fetch.failure)
    #expect(failure.at == clock.now)
    switch (kind, failure.kind) {
    case ("transport", .transport), ("http", .http(status: 503)), ("malformed", .malformed): break
    case ("graphQL", .graphQL(let errors)): #expect(errors.map(\.message) == ["log in"])
    default: Issue.record("\(kind): got \(failure)")
    }
    #expect(handle.phase.data == before)
    #expect(environment.records == records)
  }

  @Test func fieldErrorReadsTheSameFromNetworkAndStore() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:3.type", "message": "type unavailable"])
    let environment = server.environment()
    let network = environment.watch(NullOnError.CharacterDetailQuery(id: "3"))
    let fromNetwork = try await network.settledData()
    let cached = environment.watch(NullOnError.CharacterDetailQuery(id: "3"), policy: .storeOnly)
    #expect(fromNetwork.character?.fields == CharacterFields(id: "3", name: "Summer Smith", species: "Human", type: nil))
    #expect(cached.phase.data == fromNetwork)
    #expect(network.fieldErrors == cached.fieldErrors)
    let event = try #require(cached.fieldErrors.first)
    #expect(event.record == "Character:3" && event.field == "type")
    #expect(event.kind == .fieldError([FieldError(message: "type unavailable")]))
    #expect(environment.log.events.contains { $0.kind == .fieldError([FieldError(message: "type unavailable")]) && $0.record == "Character:3" })
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }

  @Test func onErrorNullIsSentAndHonored() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "down"])
    let environment = server.environment()
    let handle = environment.watch(NullOnError.CharacterDetailQuery(id: "1"))
    let data = try await handle.settledData()
    #expect(try await server.lastRequestBody()?["onError"] == "NULL")
    // The server left the null on `species`; the reader propagates it to `character` (ARCHITECTURE.md §7).
    let rick = try #require(environment.records["Character:1"])
    #expect(rick["name"] == RecordField(.scalar("Rick Sanchez")))
    #expect(rick["species"] == RecordField(.null, errors: [FieldError(message: "down")]))
    #expect(data.character == nil)
    #expect(handle.fieldErrors.map(\.field) == ["species"])
  }

  @Test func onErrorPropagateIsSentAndHonored() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "down"])
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    let data = try await handle.settledData()
    #expect(try await server.lastRequestBody()?["onError"] == "PROPAGATE")
    #expect(data.character == nil)
    #expect(environment.records["Character:1"] == nil)
    let event = try #require(handle.fieldErrors.first)
    #expect(event.record == .root && event.field == #"character(id:"1")"#)
    #expect(event.kind == .fieldError([FieldError(message: "down", path: [.key("species")])]))
  }

  @Test func onErrorHaltIsSentAndHonored() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.species", "message": "down"])
    let handle = server.environment().watch(HaltOnError.CharacterDetailQuery(id: "1"))
    let failure = try await handle.fetchFailure()
    #expect(try await server.lastRequestBody()?["onError"] == "HALT")
    #expect(failure.kind == .graphQL([FieldError(message: "down", path: [.key("character"), .key("species")])]))
    #expect(handle.phase.error == .fetch(failure))
  }

  @Test func storeOrNetworkUsesFreshStoreDataWithoutFetching() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let first = environment.watch(CharacterDetail(id: "1"))
    let data = try await first.settledData()
    let second = environment.watch(CharacterDetail(id: "1"))
    #expect(second.phase.data == data)
    #expect(second.fetch == .idle)
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }

  @Test func storeAndNetworkShowsStoreDataAndFetches() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await environment.watch(CharacterDetail(id: "1")).settledData()
    try await server.control(["command": "set", "target": "Character:1.name", "value": "Pickle Rick"])
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .storeAndNetwork)
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
    #expect(handle.isRefreshing)
    try await handle.snapshots(until: { $0.phase.data?.character?.name == "Pickle Rick" })
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 2)
  }

  @Test func networkOnlyWaitsForItsOwnFetch() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await environment.watch(CharacterDetail(id: "1")).settledData()
    try await server.control(["command": "set", "target": "Character:1.name", "value": "Pickle Rick"])
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .networkOnly)
    #expect(handle.phase.isLoading)
    let data = try await handle.settledData()
    #expect(data.character?.name == "Pickle Rick")
  }

  @Test func networkOnlyFailsWithItsFetchRatherThanShowStoreData() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await environment.watch(CharacterDetail(id: "1")).settledData()
    try await server.control(["command": "respond", "status": 500, "count": 1])
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .networkOnly)
    let failure = try await handle.fetchFailure()
    #expect(handle.phase.error == .fetch(failure))
    await handle.refetch()
    #expect(handle.phase.data?.character?.name == "Rick Sanchez")
  }

  @Test func storeOnlyNeverFetches() async throws {
    let server = try await Self.shared.fresh()
    let handle = server.environment().watch(CharacterDetail(id: "1"), policy: .storeOnly)
    guard case .failed(.notInStore) = handle.phase else {
      Issue.record("expected notInStore, got \(handle.phase)")
      return
    }
    #expect(handle.fetch == .idle)
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 0)
  }

  @Test func handlesOnOneRequestShareOneFetch() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delay", "ms": 200, "count": 1])
    let environment = server.environment()
    let first = environment.watch(CharacterDetail(id: "4"))
    let second = environment.watch(CharacterDetail(id: "4"))
    try await first.settledData()
    try await second.settledData()
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 1)
  }
}
