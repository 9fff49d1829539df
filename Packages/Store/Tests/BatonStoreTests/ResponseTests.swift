import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import BatonTransport
import Foundation
import StoreTestOperations
import Testing

/// What goes over the wire, and how the store takes what comes back.
@Suite(.serialized, .taped) struct ResponseTests {
  static let shared = SharedServer()

  @Test func requestCarriesTheSpecParametersAndConfiguredHeaders() async throws {
    let server = try await Self.shared.fresh()
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.graphQLURL, headers: ["Authorization": "Bearer token"]))
    try await environment.watch(NullOnError.CharacterDetailQuery(id: "9")).settledData()
    guard case .array(let recent)? = try await server.requests()["recent"], let request = recent.last else {
      Issue.record("the server saw no request")
      return
    }
    #expect(request["method"] == "POST")
    #expect(request["headers"]?["Authorization"] == "Bearer token")
    #expect(request["headers"]?["Accept"] == "application/graphql-response+json, application/json;q=0.9")
    #expect(request["headers"]?["Content-Type"] == "application/json")
    let body = try #require(request["body"])
    #expect(body["query"] == .string(NullOnError.CharacterDetailQuery.document))
    #expect(body["operationName"] == "CharacterDetail")
    #expect(body["variables"] == ["id": "9"])
    #expect(body["onError"] == "NULL")
  }

  @Test func unexpectedValueIsStoredReadAsZeroAndLogged() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "respond", "status": 200, "count": 1,
      "json": [
        "data": ["character": ["__typename": "Character", "id": "1", "name": 42, "species": "Human", "type": nil]],
        "errors": [["message": "partial results"]],
      ],
    ])
    let environment = server.environment()
    let handle = environment.watch(CharacterDetail(id: "1"))
    let data = try await handle.settledData()
    #expect(environment.records["Character:1"]?["name"] == RecordField(.scalar(42)))
    #expect(data.character?.name == "")
    #expect(handle.operationErrors == [FieldError(message: "partial results")])
    let logged = try #require(environment.log.events.first { if case .unexpected = $0.kind { true } else { false } })
    #expect(logged.owner == .operation("CharacterDetail") && logged.record == "Character:1" && logged.field == "name")
  }

  @Test func throwOnFieldErrorFailsThePhaseFromNetworkAndStore() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:8.type", "message": "no type"])
    let environment = server.environment()
    let handle = environment.watch(StoreTests.StrictCharacterQuery(id: "8"))
    let seen = try await handle.snapshots(until: { $0.phase.error != nil })
    guard case .failed(.read(.fieldErrors(let events))) = seen.last?.phase else {
      Issue.record("expected a read failure, got \(String(describing: seen.last?.phase))")
      return
    }
    #expect(events.map(\.field) == ["type"])
    #expect(handle.fetch == .idle)
    let cached = environment.watch(StoreTests.StrictCharacterQuery(id: "8"), policy: .storeOnly)
    #expect(cached.phase.error == .read(.fieldErrors(events)))
  }

  @Test func failedPhaseGoesBackToLoadingOnRefetch() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 502, "count": 1])
    let handle = server.environment().watch(CharacterDetail(id: "1"))
    try await handle.snapshots(until: { $0.phase.error != nil })
    let stream = handle.snapshots
    await handle.refetch()
    let phases = try await waiting(for: "the refetch's data") {
      var phases: [String] = []
      for await snapshot in stream {
        let phase =
          switch snapshot.phase {
          case .loading: "loading"
          case .ready: "ready"
          case .failed: "failed"
          }
        if phases.last != phase { phases.append(phase) }
        if phase == "ready" { break }
      }
      return phases
    }
    #expect(phases == ["failed", "loading", "ready"])
  }
}
